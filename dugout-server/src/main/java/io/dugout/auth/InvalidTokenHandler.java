package io.dugout.auth;

import io.dugout.system.Problems;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** A token that passed signature checks but names no valid user is still a 401. */
@RestControllerAdvice
class InvalidTokenHandler {

  @ExceptionHandler(TokenVerifier.InvalidTokenException.class)
  ResponseEntity<ProblemDetail> invalidToken(TokenVerifier.InvalidTokenException e) {
    return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
        .header(HttpHeaders.WWW_AUTHENTICATE, SecurityConfiguration.INVALID_TOKEN_CHALLENGE)
        .body(Problems.of(HttpStatus.UNAUTHORIZED, "unauthenticated", e.getMessage(), null));
  }
}
