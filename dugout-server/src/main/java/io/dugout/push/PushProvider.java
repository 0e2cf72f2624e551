package io.dugout.push;

/**
 * Sends pushes to the devices of one platform (APNs, FCM).
 *
 * <p>Guarantees every provider keeps:
 *
 * <ul>
 *   <li>{@link #send} blocks its (virtual) thread until the provider answered or the attempt timed
 *       out, and never throws: every failure is a {@link PushOutcome}, classified so that a dead
 *       token is {@code DEAD_TOKEN}, throttling, server errors and unreachable providers are {@code
 *       RETRY} (with the provider's {@code Retry-After} when it gave one), and nothing else is.
 *   <li>Connections are opened once and reused by every send; callers may send concurrently and the
 *       provider multiplexes them (HTTP/2).
 *   <li>Collapse: pushes with one {@link Push#collapseKey} replace each other on the device (APNs
 *       {@code apns-collapse-id} and {@code thread-id}; FCM collapse key and tag).
 *   <li>Thread-safe; {@link #close} ends the connections.
 * </ul>
 */
public interface PushProvider extends AutoCloseable {

  Device.Platform platform();

  PushOutcome send(Push push);

  @Override
  void close();
}
