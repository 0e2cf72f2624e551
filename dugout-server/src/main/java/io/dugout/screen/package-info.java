/**
 * Screening of what senders put into rooms, before it gets a seq: a word filter (words and patterns
 * from configuration, refused or masked) and a before-send hook that asks the product's backend to
 * allow, reject or rewrite each message. Both implement the message capability's {@link
 * io.dugout.message.MessageScreen}; the filter runs first, then the hook.
 */
package io.dugout.screen;
