/**
 * The FCM adapter of {@link io.dugout.push.PushProvider}: the HTTP v1 API over the JDK's HTTP
 * client, with OAuth2 access tokens from a service account through Google's auth library. On when
 * {@code dugout.push.fcm.service-account-file} is set.
 */
package io.dugout.push.fcm;
