module github.com/jotlib/jwt/jsoniterext

go 1.26

require (
	github.com/jotlib/jwt v1.0.0
	github.com/json-iterator/go v1.1.12
	github.com/modern-go/reflect2 v1.0.2
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/modern-go/concurrent v0.0.0-20180228061459-e0a39a4cb421 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
