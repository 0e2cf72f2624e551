package io.dugout.system;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The address at the other end of a request's TCP connection, which no header can rewrite.
 *
 * <p>{@link HttpServletRequest#getRemoteAddr()} is the client as proxies describe it: with
 * forwarded-header handling on (Spring Boot turns it on by itself on Kubernetes) an {@code
 * X-Forwarded-For} header from a trusted network replaces it. Decisions about "this machine" must
 * not trust that, so the web server puts the connection's own peer address on every request as the
 * attribute {@link #ATTRIBUTE}.
 */
public final class ConnectionPeer {

  /** The request attribute that holds the peer address, a literal IP address. */
  public static final String ATTRIBUTE = ConnectionPeer.class.getName() + ".address";

  private ConnectionPeer() {}

  /** The peer address of the request's connection, or null when the web server did not say. */
  public static String addressOf(HttpServletRequest request) {
    return request.getAttribute(ATTRIBUTE) instanceof String address ? address : null;
  }

  /**
   * Whether {@code address}, a literal IP address, is this machine's loopback; false for null, so
   * that a decision about "this machine" fails closed when the web server did not name the peer.
   */
  public static boolean isLoopback(String address) {
    if (address == null) {
      return false;
    }
    try {
      // why: a peer address is always a literal, so this looks nothing up
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
