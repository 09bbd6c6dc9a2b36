module github.com/jotlib/jwt/examples

go 1.26

require (
	github.com/jotlib/jwt v1.0.0
	github.com/jotlib/jwt/jsoniterext v1.0.0
)

require (
	github.com/json-iterator/go v1.1.12 // indirect
	github.com/modern-go/concurrent v0.0.0-20180228061459-e0a39a4cb421 // indirect
	github.com/modern-go/reflect2 v1.0.2 // indirect
)
