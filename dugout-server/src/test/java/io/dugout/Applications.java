package io.dugout;

import java.nio.file.Path;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the whole application in the test's JVM, on a free port and the given data directory. */
public final class Applications {

  private Applications() {}

  /** The started application, with {@code args} after the port and data directory. */
  public static ConfigurableApplicationContext start(Path dataDir, String... args) {
    var all = new String[args.length + 2];
    all[0] = "--server.port=0";
    all[1] = "--dugout.data-dir=" + dataDir;
    System.arraycopy(args, 0, all, 2, args.length);
    return SpringApplication.run(DugoutApplication.class, all);
  }
}
