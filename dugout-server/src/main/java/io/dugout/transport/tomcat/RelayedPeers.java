package io.dugout.transport.tomcat;

import io.dugout.system.ConnectionPeer;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Who is really at the other end of a connection that the Netty listener in front relays to Tomcat
 * over loopback: Tomcat sees {@code 127.0.0.1} and the relay's local port, and this says which
 * client that port carries. {@link ConnectionPeer} asks it, so "is the caller on this machine"
 * stays a question about the client's TCP connection, never about the relay's.
 *
 * <p>A port is registered before the relay sends Tomcat its first byte and forgotten when the relay
 * connection has closed; a loopback connection whose port is not registered comes from this
 * machine.
 */
@Component
public class RelayedPeers {

  private final ConcurrentHashMap<Integer, Relayed> clients = new ConcurrentHashMap<>();

  /**
   * The relay connection from loopback port {@code relayPort} carries {@code clientAddress} until
   * the returned registration is closed.
   */
  public Registration register(int relayPort, String clientAddress) {
    var relayed = new Relayed(clientAddress);
    clients.put(relayPort, relayed);
    // why: by identity, so a late close of an earlier connection from the same port (loopback
    // ports are reused at once) never removes the entry of the connection that reuses it
    return () -> clients.remove(relayPort, relayed);
  }

  /**
   * The client behind a connection whose TCP peer is {@code peerAddress}:{@code peerPort}: the
   * relayed client's address for a registered loopback port, else the peer itself.
   */
  public String clientOf(String peerAddress, int peerPort) {
    if (!ConnectionPeer.isLoopback(peerAddress)) {
      return peerAddress;
    }
    Relayed relayed = clients.get(peerPort);
    return relayed != null ? relayed.address : peerAddress;
  }

  int size() {
    return clients.size();
  }

  /** A relayed connection's entry; closing it forgets the entry. */
  @FunctionalInterface
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }

  /** One relayed client, equal only to itself. */
  private static final class Relayed {
    final String address;

    Relayed(String address) {
      this.address = address;
    }
  }
}
