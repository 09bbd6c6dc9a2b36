module github.com/jotlib/jwt/examples/server

go 1.24

replace github.com/jotlib/jwt => ../..

require github.com/jotlib/jwt v0.0.0-00010101000000-000000000000
