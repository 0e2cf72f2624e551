package io.dugout.loadtest.scenario;

import io.dugout.loadtest.report.LatencySeries;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.stomp.Delivery;
import io.dugout.loadtest.stomp.StompListener;
import io.dugout.loadtest.stomp.StompSession;
import java.util.concurrent.TimeUnit;

/**
 * One session of {@link NotifyScenario}, subscribed to its user's notifications: every MESSAGE
 * carrying a send stamp is one live delivery, timed from the stamp. Setup failures leave it
 * unsubscribed (and out of the recipients) instead of failing the run.
 */
final class NotifiedUser implements StompListener {

  private final String userId;
  private final Metrics metrics;
  private final LatencySeries delivery;
  private volatile StompSession session;
  private volatile boolean subscribed;
  private volatile boolean closing;

  private NotifiedUser(String userId, Metrics metrics) {
    this.userId = userId;
    this.metrics = metrics;
    this.delivery = metrics.series("delivery");
  }

  static NotifiedUser connect(
      RunContext context, Metrics metrics, int index, String token, String userId) {
    NotifiedUser user = new NotifiedUser(userId, metrics);
    long timeout = context.timeout().toMillis();
    try {
      user.session =
          context.stomp().connect(index, token, user).get(timeout, TimeUnit.MILLISECONDS);
      metrics.connections.incrementAndGet();
      user.session
          .subscribeWithReceipt("n", NotifyScenario.QUEUE)
          .get(timeout, TimeUnit.MILLISECONDS);
      user.subscribed = true;
    } catch (Exception ex) {
      metrics.error("setup: " + ex);
    }
    return user;
  }

  String userId() {
    return userId;
  }

  boolean subscribed() {
    return subscribed;
  }

  void close() {
    closing = true;
    if (session != null) {
      session.disconnect();
    }
  }

  @Override
  public void onMessage(Delivery message) {
    if (message.stamp() == null || !metrics.measuring()) {
      return;
    }
    metrics.received.increment();
    delivery.recordMicros(message.latencyMicros());
  }

  @Override
  public void onError(String message) {
    metrics.error("ERROR frame: " + message);
  }

  @Override
  public void onClosed() {
    if (session != null) {
      metrics.connections.decrementAndGet();
    }
    if (!closing && metrics.measuring()) {
      metrics.error("connection closed by the server");
    }
  }
}
