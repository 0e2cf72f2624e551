package io.dugout;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Optional;

/** This machine's addresses, for tests that must call from somewhere other than loopback. */
public final class LocalAddresses {

  private LocalAddresses() {}

  /** An IPv4 address of an interface that is up and not loopback or link-local, if any. */
  public static Optional<InetAddress> nonLoopback() {
    try {
      return NetworkInterface.networkInterfaces()
          .filter(LocalAddresses::isUp)
          .flatMap(NetworkInterface::inetAddresses)
          .filter(
              a -> a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress())
          .findFirst();
    } catch (SocketException e) {
      return Optional.empty();
    }
  }

  private static boolean isUp(NetworkInterface network) {
    try {
      return network.isUp() && !network.isLoopback();
    } catch (SocketException e) {
      return false;
    }
  }
}
