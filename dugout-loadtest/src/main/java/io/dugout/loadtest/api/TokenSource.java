package io.dugout.loadtest.api;

/** Hands out bearer tokens for users and for the product's backend (a service token). */
public interface TokenSource {

  /** The service scope that lets a token act for the product's backend. */
  String SERVICE_SCOPE = "dugout:service";

  /** A token whose {@code sub} is {@code userId}. */
  String userToken(String userId);

  /** A token with {@code dugout:service} in its scope. */
  String serviceToken();
}
