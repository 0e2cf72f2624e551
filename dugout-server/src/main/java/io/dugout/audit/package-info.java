/**
 * The audit trail of moderation: {@link io.dugout.audit.ModerationAction}, published by whatever
 * applies an action, and the log that keeps each one for the product's backend to read.
 */
package io.dugout.audit;
