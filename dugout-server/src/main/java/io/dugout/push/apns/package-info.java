/**
 * The APNs adapter of {@link io.dugout.push.PushProvider}: HTTP/2 with token-based auth (a {@code
 * .p8} key) through Pushy. On when {@code dugout.push.apns.key-file} is set.
 */
package io.dugout.push.apns;
