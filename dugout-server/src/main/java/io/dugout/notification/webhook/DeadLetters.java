package io.dugout.notification.webhook;

import io.dugout.system.BoundedLog;
import org.springframework.stereotype.Component;

/**
 * The webhook's dead letters, newest first, at most {@code
 * dugout.notifications.webhook.dead-letters} of them: the oldest is evicted (and counted) to make
 * room. In memory only: a restart empties it.
 */
@Component
class DeadLetters extends BoundedLog<DeadLetter> {

  DeadLetters(WebhookProperties properties) {
    super(properties.deadLetters());
  }
}
