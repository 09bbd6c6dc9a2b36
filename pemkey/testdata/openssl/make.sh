#!/usr/bin/env bash
# Makes the fixtures of TestOpenSSLFixtures: keys and certificates as the
# openssl and ssh-keygen commands write them (made with OpenSSL 3.0 and
# OpenSSH 9.2). They are test keys, published here: never use them.
#
#   cd pemkey/testdata/openssl && bash make.sh
#
# The test reads every *.pem and *.key file here and expects each file's
# outcome by its name, so a new file needs a line in the test's table.
set -eu
cd "$(dirname "$0")"
rm -f ./*.pem ./*.key ./*.pub

# RSA: PKCS#1 and PKCS#8 private keys, SPKI and PKCS#1 public keys, a
# certificate; encrypted in the legacy (DEK-Info) and PKCS#8 forms.
openssl genrsa -traditional -out rsa-pkcs1.pem 2048
openssl pkey -in rsa-pkcs1.pem -out rsa-pkcs8.pem
openssl pkey -in rsa-pkcs1.pem -pubout -out rsa-spki.pem
openssl rsa -in rsa-pkcs1.pem -RSAPublicKey_out -out rsa-pkcs1pub.pem
openssl req -x509 -key rsa-pkcs1.pem -subj /CN=test -days 36500 -out rsa-cert.pem
openssl rsa -in rsa-pkcs1.pem -traditional -aes128 -passout pass:test -out rsa-encrypted-legacy.pem
openssl pkey -in rsa-pkcs1.pem -aes128 -passout pass:test -out rsa-encrypted-pkcs8.pem

# ECDSA: ecparam -genkey writes EC PARAMETERS before the SEC 1 key.
openssl ecparam -name prime256v1 -genkey -out ec-p256-ecparam.pem
openssl pkey -in ec-p256-ecparam.pem -out ec-p256-pkcs8.pem
openssl pkey -in ec-p256-ecparam.pem -pubout -out ec-p256-spki.pem
openssl req -x509 -key ec-p256-pkcs8.pem -subj /CN=test -days 36500 -out ec-p256-cert.pem
openssl ec -in ec-p256-pkcs8.pem -param_enc explicit -out ec-p256-explicit.pem
openssl ecparam -name secp384r1 -genkey -noout -out ec-p384-sec1.pem
openssl ecparam -name secp521r1 -genkey -noout -out ec-p521-sec1.pem
openssl pkey -in ec-p521-sec1.pem -pubout -out ec-p521-spki.pem
# Curves no ES* algorithm uses.
openssl ecparam -name secp224r1 -genkey -noout -out ec-p224-sec1.pem
openssl pkey -in ec-p224-sec1.pem -pubout -out ec-p224-spki.pem
openssl ecparam -name secp256k1 -genkey -noout -out ec-secp256k1-sec1.pem
openssl pkey -in ec-secp256k1-sec1.pem -out ec-secp256k1-pkcs8.pem
openssl pkey -in ec-secp256k1-sec1.pem -pubout -out ec-secp256k1-spki.pem

# A private key with the Bag Attributes text of openssl pkcs12 before it,
# and a certificate chain (leaf first).
openssl pkcs12 -export -inkey ec-p256-pkcs8.pem -in ec-p256-cert.pem -passout pass:test -out bag.p12
openssl pkcs12 -in bag.p12 -passin pass:test -nocerts -nodes -out ec-p256-bag-attributes.pem
rm bag.p12
cat rsa-cert.pem ec-p256-cert.pem >rsa-cert-chain.pem

# Edwards and Montgomery curves.
openssl genpkey -algorithm ed25519 -out ed25519-pkcs8.pem
openssl pkey -in ed25519-pkcs8.pem -pubout -out ed25519-spki.pem
openssl req -x509 -key ed25519-pkcs8.pem -subj /CN=test -days 36500 -out ed25519-cert.pem
openssl genpkey -algorithm ed448 -out ed448-pkcs8.pem
openssl pkey -in ed448-pkcs8.pem -pubout -out ed448-spki.pem
openssl genpkey -algorithm x25519 -out x25519-pkcs8.pem
openssl pkey -in x25519-pkcs8.pem -pubout -out x25519-spki.pem

# Algorithms no JWS algorithm here uses.
openssl genpkey -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:2048 -out rsa-pss-pkcs8.pem
openssl pkey -in rsa-pss-pkcs8.pem -pubout -out rsa-pss-spki.pem
openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024 -out dsa-params.tmp
openssl genpkey -paramfile dsa-params.tmp -out dsa-pkcs8.pem
openssl pkey -in dsa-pkcs8.pem -pubout -out dsa-spki.pem
rm dsa-params.tmp

# OpenSSH: its own private key format and an authorized_keys line.
ssh-keygen -q -t ed25519 -N '' -C test -f openssh-ed25519
mv openssh-ed25519 openssh-ed25519.key
