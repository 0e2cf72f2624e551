/**
 * Who is calling: JWT validation (HS256 secret, RS256 public key or JWKS), service tokens, and the
 * loopback-only try-it-out tokens of an unconfigured node.
 */
package io.dugout.auth;
