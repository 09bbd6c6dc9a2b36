module github.com/jotlib/jwt

go 1.26
