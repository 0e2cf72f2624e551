package io.dugout.push;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Device push ({@code dugout.push.*}); each provider is on once its credentials are set. A setting
 * out of range, or credentials half given, stops startup.
 *
 * @param previews whether pushes may show message text at all; false shows "New message" on every
 *     device, whatever it asked for
 * @param queue how many pushes may wait to be sent or retried; further ones are dropped (counted in
 *     {@code dugout.push.dropped})
 * @param concurrency how many pushes are in flight to the providers at most
 * @param initialBackoff the wait before the first retry; each further retry doubles it, with jitter
 * @param maxBackoff the longest wait between two attempts (also caps a {@code Retry-After})
 * @param deadline how long after its first attempt a push is still retried; then it is
 *     dead-lettered
 * @param deadLetters how many dead letters are kept, newest first
 * @param roomInterval the least time between two pushes of one notification to its user's devices
 *     (a room's chat notification, updated by each message): a version offered sooner waits for the
 *     rest of it, newer versions take its place meanwhile, and the newest is pushed; zero pushes
 *     every version at once
 */
@ConfigurationProperties("dugout.push")
public record PushProperties(
    @DefaultValue("true") boolean previews,
    @DefaultValue("10000") int queue,
    @DefaultValue("64") int concurrency,
    @DefaultValue("1s") Duration initialBackoff,
    @DefaultValue("1m") Duration maxBackoff,
    @DefaultValue("10m") Duration deadline,
    @DefaultValue("1000") int deadLetters,
    @DefaultValue("5s") Duration roomInterval,
    @DefaultValue Apns apns,
    @DefaultValue Fcm fcm) {

  public PushProperties {
    if (queue < 1 || concurrency < 1 || deadLetters < 1) {
      throw invalid("queue, concurrency and dead-letters must each be at least 1");
    }
    if (!positive(initialBackoff)
        || !positive(maxBackoff)
        || initialBackoff.compareTo(maxBackoff) > 0
        || !positive(deadline)) {
      throw invalid(
          "initial-backoff, max-backoff and deadline must be positive, initial at most max");
    }
    if (roomInterval.isNegative()) {
      throw invalid("room-interval must be zero or positive");
    }
  }

  /**
   * APNs with token-based auth ({@code dugout.push.apns.*}); on when {@code key-file} is set.
   *
   * @param keyFile the {@code .p8} signing key from the Apple developer account
   * @param keyId the key's id (10 characters)
   * @param teamId the developer team's id (10 characters)
   * @param environment {@code production} or {@code sandbox} (development builds)
   * @param host another APNs host than the environment's, with {@code port}: a mirror or a test
   *     server
   * @param trustedCertificates PEM certificates to trust for {@code host} instead of the JDK's
   * @param connections HTTP/2 connections to APNs; each carries many pushes at once
   * @param timeout connect timeout, and how long one push may wait for its answer
   */
  public record Apns(
      Path keyFile,
      String keyId,
      String teamId,
      @DefaultValue("production") Environment environment,
      String host,
      @DefaultValue("443") int port,
      Path trustedCertificates,
      @DefaultValue("2") int connections,
      @DefaultValue("10s") Duration timeout) {

    public Apns {
      if (keyFile != null && (blank(keyId) || blank(teamId))) {
        throw invalid("apns.key-id and apns.team-id must be set with apns.key-file");
      }
      if (connections < 1 || !positive(timeout)) {
        throw invalid("apns.connections must be at least 1 and apns.timeout positive");
      }
    }

    public boolean enabled() {
      return keyFile != null;
    }
  }

  /** Which APNs a device's token belongs to. */
  public enum Environment {
    PRODUCTION,
    SANDBOX
  }

  /**
   * FCM through the HTTP v1 API ({@code dugout.push.fcm.*}); on when {@code service-account-file}
   * is set.
   *
   * @param serviceAccountFile the service account's JSON key, from the Firebase console
   * @param projectId the Firebase project; the service account's own when unset
   * @param tokenUri where OAuth2 access tokens are fetched; the service account's {@code token_uri}
   *     when unset
   * @param apiUrl the FCM API's base URL
   * @param timeout connect and response timeout of one push
   */
  public record Fcm(
      Path serviceAccountFile,
      String projectId,
      URI tokenUri,
      @DefaultValue("https://fcm.googleapis.com") URI apiUrl,
      @DefaultValue("10s") Duration timeout) {

    public Fcm {
      if (!positive(timeout)) {
        throw invalid("fcm.timeout must be positive");
      }
    }

    public boolean enabled() {
      return serviceAccountFile != null;
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  private static boolean positive(Duration d) {
    return !d.isNegative() && !d.isZero();
  }

  private static IllegalArgumentException invalid(String problem) {
    return new IllegalArgumentException("dugout.push." + problem);
  }
}
