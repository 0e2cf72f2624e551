/**
 * Cross-cutting pieces every capability shares: configuration properties, the error vocabulary and
 * how errors become RFC 9457 problem documents.
 */
package io.dugout.system;
