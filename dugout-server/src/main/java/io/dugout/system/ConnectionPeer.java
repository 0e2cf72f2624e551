package io.dugout.system;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The address at the other end of a request's TCP connection, which no header can rewrite.
 *
 * <p>{@link HttpServletRequest#getRemoteAddr()} is the client as proxies describe it: with
 * forwarded-header handling on (Spring Boot turns it on by itself on Kubernetes) an {@code
 * X-Forwarded-For} header from a trusted network replaces it. Decisions about "this machine" must
 * not trust that, so every request carries the connection's own peer address as an attribute.
 */
@Component
public class ConnectionPeer implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  private static final String ATTRIBUTE = ConnectionPeer.class.getName() + ".address";

  private final RelayedPeers relayed;

  ConnectionPeer(RelayedPeers relayed) {
    this.relayed = relayed;
  }

  /** The peer address of the request's connection, or null when the container did not say. */
  public static String addressOf(HttpServletRequest request) {
    return request.getAttribute(ATTRIBUTE) instanceof String address ? address : null;
  }

  /**
   * Whether {@code address}, a literal IP address, is this machine's loopback; false for null, so
   * that a decision about "this machine" fails closed when the container did not name the peer.
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

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addContextValves(new RecordingValve(relayed));
  }

  /**
   * Copies Tomcat's connection peer address into a request attribute, or the client's address where
   * the connection is Dugout's front door relaying a client ({@link RelayedPeers}).
   */
  private static final class RecordingValve extends ValveBase {

    private final RelayedPeers relayed;

    RecordingValve(RelayedPeers relayed) {
      super(true);
      this.relayed = relayed;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
      // why: RemoteIpValve rewrites the remote address but never the remote port
      request.setAttribute(
          ATTRIBUTE, relayed.clientOf(request.getPeerAddr(), request.getRemotePort()));
      getNext().invoke(request, response);
    }
  }
}
