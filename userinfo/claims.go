package userinfo

import (
	"fmt"

	"github.com/jotlib/jwt/claims"
)

// Claims are the standard claims of a UserInfo response (OpenID Connect
// Core 1.0 section 5.1), and the registered ones a signed response carries
// (section 5.3.2: "iss" and "aud"). Embed it in a struct of your own to
// read further claims (section 5.1.2):
//
//	type MyInfo struct {
//		userinfo.Claims
//		Groups []string `json:"groups"`
//	}
type Claims struct {
	// Registered holds "sub" (section 5.3.2: "MUST always be returned"),
	// and "iss" and "aud" of a signed response.
	claims.Registered
	// Name is "name" (section 5.1).
	Name string `json:"name,omitempty"`
	// GivenName is "given_name" (section 5.1).
	GivenName string `json:"given_name,omitempty"`
	// FamilyName is "family_name" (section 5.1).
	FamilyName string `json:"family_name,omitempty"`
	// MiddleName is "middle_name" (section 5.1).
	MiddleName string `json:"middle_name,omitempty"`
	// Nickname is "nickname" (section 5.1).
	Nickname string `json:"nickname,omitempty"`
	// PreferredUsername is "preferred_username" (section 5.1); it "MUST
	// NOT" be relied upon to be unique (section 5.7): key users by
	// "iss" and "sub".
	PreferredUsername string `json:"preferred_username,omitempty"`
	// Profile is "profile" (section 5.1): a profile page URL.
	Profile string `json:"profile,omitempty"`
	// Picture is "picture" (section 5.1): a URL.
	Picture string `json:"picture,omitempty"`
	// Website is "website" (section 5.1): a URL.
	Website string `json:"website,omitempty"`
	// Email is "email" (section 5.1); not unique and not verified unless
	// EmailVerified (section 5.7).
	Email string `json:"email,omitempty"`
	// EmailVerified is "email_verified" (section 5.1).
	EmailVerified Bool `json:"email_verified,omitempty"`
	// Gender is "gender" (section 5.1).
	Gender string `json:"gender,omitempty"`
	// Birthdate is "birthdate" (section 5.1): YYYY-MM-DD, or YYYY or
	// 0000-MM-DD, as given.
	Birthdate string `json:"birthdate,omitempty"`
	// Zoneinfo is "zoneinfo" (section 5.1), e.g. "Europe/Paris".
	Zoneinfo string `json:"zoneinfo,omitempty"`
	// Locale is "locale" (section 5.1), a BCP47 language tag.
	Locale string `json:"locale,omitempty"`
	// PhoneNumber is "phone_number" (section 5.1).
	PhoneNumber string `json:"phone_number,omitempty"`
	// PhoneNumberVerified is "phone_number_verified" (section 5.1).
	PhoneNumberVerified Bool `json:"phone_number_verified,omitempty"`
	// Address is "address" (sections 5.1 and 5.1.1); nil when absent.
	Address *Address `json:"address,omitempty"`
	// UpdatedAt is "updated_at" (section 5.1): seconds since the epoch, as
	// a NumericDate; nil when absent.
	UpdatedAt *claims.NumericDate `json:"updated_at,omitempty"`
}

// Address is the "address" claim (section 5.1.1).
type Address struct {
	// Formatted is "formatted": the full mailing address.
	Formatted string `json:"formatted,omitempty"`
	// StreetAddress is "street_address".
	StreetAddress string `json:"street_address,omitempty"`
	// Locality is "locality": city.
	Locality string `json:"locality,omitempty"`
	// Region is "region": state, province, prefecture.
	Region string `json:"region,omitempty"`
	// PostalCode is "postal_code".
	PostalCode string `json:"postal_code,omitempty"`
	// Country is "country".
	Country string `json:"country,omitempty"`
}

// Bool is a section 5.1 boolean claim ("email_verified",
// "phone_number_verified"): JSON true or false, and also the strings
// "true" and "false", which Amazon Cognito sends (go-oidc accepts them
// too). Any other value is refused, never read as false.
type Bool bool

// UnmarshalJSON reads true, false, "true" or "false" (section 5.1: a
// boolean).
func (b *Bool) UnmarshalJSON(data []byte) error {
	switch string(data) {
	case "true", `"true"`:
		*b = true
	case "false", `"false"`:
		*b = false
	case "null":
	default:
		return fmt.Errorf("userinfo: %s is not a boolean (OpenID Connect Core 1.0 section 5.1)", data)
	}
	return nil
}

// memberNames are the names Claims decodes: a member whose name only
// case-folds to one of them would be read into its field by a codec that
// matches names case-insensitively (encoding/json), so it is refused.
var memberNames = []string{
	"iss", "sub", "aud", "exp", "nbf", "iat", "jti",
	"name", "given_name", "family_name", "middle_name", "nickname", "preferred_username",
	"profile", "picture", "website", "email", "email_verified", "gender", "birthdate",
	"zoneinfo", "locale", "phone_number", "phone_number_verified", "address", "updated_at",
}
