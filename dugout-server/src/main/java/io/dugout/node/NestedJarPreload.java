package io.dugout.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node does when it runs from the nested jar ({@code java -jar dugout-server.jar}) rather
 * than the extracted layout: it says so once, and loads the classes of its backends' drivers before
 * it takes traffic.
 *
 * <p>Spring Boot's loader for nested jars holds a monitor of the jar while it reads a class; on JDK
 * 24 and newer, virtual threads that load classes from it at the same time can pin every carrier
 * while the monitor's holder waits for one, and the node hangs for good (spring-boot#51463). A
 * node's first requests load the MongoDB, Kafka and Redis drivers' classes lazily, on virtual
 * threads, under load: the worst case. Loading them here, on the starting thread, leaves little to
 * load later. The extracted layout loads through the JDK's own class loader and needs none of this.
 */
final class NestedJarPreload {

  private static final Logger log = LoggerFactory.getLogger(NestedJarPreload.class);

  private NestedJarPreload() {}

  /** Whether this class was loaded by Spring Boot's loader for nested jars. */
  static boolean nested(ClassLoader loader) {
    return loader.getClass().getName().startsWith("org.springframework.boot.loader.");
  }

  /**
   * Loads, without initialising, every class of the nested jars of {@code fatJar} whose names start
   * with one of {@code prefixes} (e.g. {@code mongodb-driver-}); returns how many.
   */
  static int load(Path fatJar, List<String> prefixes, ClassLoader loader) throws IOException {
    int loaded = 0;
    try (var jar = new JarFile(fatJar.toFile())) {
      for (var entry : java.util.Collections.list(jar.entries())) {
        String name = entry.getName();
        if (!name.startsWith("BOOT-INF/lib/") || !name.endsWith(".jar")) {
          continue;
        }
        String file = name.substring("BOOT-INF/lib/".length());
        if (prefixes.stream().noneMatch(file::startsWith)) {
          continue;
        }
        try (InputStream in = jar.getInputStream(entry)) {
          loaded += loadAll(new JarInputStream(in), loader);
        }
      }
    }
    return loaded;
  }

  private static int loadAll(JarInputStream nested, ClassLoader loader) throws IOException {
    int loaded = 0;
    for (var entry = nested.getNextJarEntry(); entry != null; entry = nested.getNextJarEntry()) {
      String name = entry.getName();
      if (!name.endsWith(".class") || name.contains("-") || name.startsWith("META-INF/")) {
        continue; // why: module-info, multi-release and package-info entries are not classes
      }
      try {
        Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, loader);
        loaded++;
      } catch (ClassNotFoundException | LinkageError e) {
        // why: optional integrations whose dependencies Dugout does not ship
        log.trace("Not preloaded: {} ({})", name, e.toString());
      }
    }
    return loaded;
  }
}
