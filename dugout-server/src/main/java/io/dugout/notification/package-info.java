/**
 * Notifications: what the product's backend (or a chat message in a room the user is not looking
 * at) tells one user. They are sent over REST by a service, kept for a retention period behind the
 * {@link io.dugout.notification.NotificationStore} port, delivered live to the user's open sessions
 * by whoever implements {@link io.dugout.notification.NotificationListener}, listed newest first
 * with an unread count, and marked read by their user.
 */
package io.dugout.notification;
