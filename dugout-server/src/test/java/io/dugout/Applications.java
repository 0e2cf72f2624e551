package io.dugout;

import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the whole application in the test's JVM, on a free port and the given data directory. */
public final class Applications {

  private Applications() {}

  /** The started application, with {@code args} after the port and data directory. */
  public static ConfigurableApplicationContext start(Path dataDir, String... args) {
    return startWith(List.of(), dataDir, args);
  }

  /**
   * The started application with these objects among its beans (e.g. a listener that records what
   * the application tells it), with {@code args} after the port and data directory.
   */
  public static ConfigurableApplicationContext startWith(
      List<?> beans, Path dataDir, String... args) {
    var all = new String[args.length + 2];
    all[0] = "--server.port=0";
    all[1] = "--dugout.data-dir=" + dataDir;
    System.arraycopy(args, 0, all, 2, args.length);
    return new SpringApplicationBuilder(DugoutApplication.class)
        .initializers(registering(beans))
        .run(all);
  }

  /** Registers the objects as beans before the context is refreshed, so that lists inject them. */
  public static ApplicationContextInitializer<ConfigurableApplicationContext> registering(
      List<?> beans) {
    return context -> {
      for (Object bean : beans) {
        context
            .getBeanFactory()
            .registerSingleton(
                bean.getClass().getSimpleName() + "@" + System.identityHashCode(bean), bean);
      }
    };
  }
}
