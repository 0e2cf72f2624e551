package io.dugout.cluster.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Dugout's Lua scripts for Redis, read from the classpath once. why: a script made from a {@link
 * ClassPathResource} asks the file system whether the resource changed on every execution (two
 * syscalls per send for the rate limit and the cache), about 4 % of a cluster node's CPU at 200
 * sends/s; a script made from its text never does.
 */
final class LuaScripts {

  private LuaScripts() {}

  /** The script {@code io/dugout/cluster/redis/<name>}, returning {@code type}. */
  static <T> RedisScript<T> of(String name, Class<T> type) {
    return RedisScript.of(text(name), type);
  }

  private static String text(String name) {
    var resource = new ClassPathResource("io/dugout/cluster/redis/" + name);
    try {
      return resource.getContentAsString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Dugout's Redis script " + name + " is missing", e);
    }
  }
}
