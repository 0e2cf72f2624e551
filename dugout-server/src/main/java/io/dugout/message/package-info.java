/**
 * Messages: posting with per-room gap-free sequence numbers and retry dedupe, cursor-paged history,
 * and the {@link io.dugout.message.MessageStore} port that makes them durable.
 */
package io.dugout.message;
