/**
 * Offline delivery: notifications for users with no open session are posted, signed, to the
 * product's backend (a webhook), which can forward them to FCM, APNs or SMS. Retried with backoff
 * off the send path; what cannot be delivered lands in a bounded dead-letter list an operator reads
 * over REST.
 */
package io.dugout.notification.webhook;
