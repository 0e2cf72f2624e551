package io.dugout.transport.tomcat;

import io.dugout.system.ConnectionPeer;
import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Puts the address at the other end of each request's TCP connection on the request, for {@link
 * ConnectionPeer}: Tomcat's peer address, or the client's where the connection is the Netty
 * listener relaying a client ({@link RelayedPeers}).
 */
@Component
class PeerAddressValve implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  private final RelayedPeers relayed;

  PeerAddressValve(RelayedPeers relayed) {
    this.relayed = relayed;
  }

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addContextValves(new RecordingValve(relayed));
  }

  /**
   * Copies Tomcat's connection peer address into a request attribute, or the client's address where
   * the connection is the Netty listener in front relaying a client ({@link RelayedPeers}).
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
          ConnectionPeer.ATTRIBUTE,
          relayed.clientOf(request.getPeerAddr(), request.getRemotePort()));
      getNext().invoke(request, response);
    }
  }
}
