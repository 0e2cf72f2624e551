/**
 * What the end-to-end REST tests share: a JDK {@code HttpClient} based client that gets try-it-out
 * tokens and writes every exchange it is asked to as a documentation snippet, the assertions on
 * problem documents, self-signed tokens, and the Spring Boot test base with one real server on a
 * random port. Also {@code ProtocolDocTests}, which keeps {@code docs/protocol.md} true to that
 * server.
 */
package io.dugout.api;
