/**
 * Tomcat: the servlet container behind the Netty listener (on a loopback port) or alone on the
 * public port. It mounts the STOMP endpoint at {@code /ws} with a handshake filter that skips MVC
 * dispatch, records each connection's real peer address (the client's, when the listener relays
 * it), answers Tomcat's own errors in Dugout's problem format and sizes its per-connection buffers.
 */
package io.dugout.transport.tomcat;
