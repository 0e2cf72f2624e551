package io.dugout.loadtest.cli;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Parsed option values of one subcommand, with defaults already applied. */
public final class Options {

  private final Map<String, String> values;

  private final Set<String> flags;

  Options(Map<String, String> values, Set<String> flags) {
    this.values = values;
    this.flags = flags;
  }

  public String string(String name) {
    String value = values.get(name);
    return value == null || value.isEmpty() ? null : value;
  }

  public int integer(String name) {
    long value = longValue(name);
    if (value > Integer.MAX_VALUE) {
      throw new UsageException("--" + name + " is too large: " + value);
    }
    return (int) value;
  }

  public long longValue(String name) {
    String raw = require(name);
    try {
      long value = Long.parseLong(raw.replace("_", ""));
      if (value < 0) {
        throw new UsageException("--" + name + " must not be negative: " + raw);
      }
      return value;
    } catch (NumberFormatException ex) {
      throw new UsageException("--" + name + " expects a whole number, got '" + raw + "'");
    }
  }

  public double decimal(String name) {
    String raw = require(name);
    try {
      return Double.parseDouble(raw.endsWith("%") ? raw.substring(0, raw.length() - 1) : raw);
    } catch (NumberFormatException ex) {
      throw new UsageException("--" + name + " expects a number, got '" + raw + "'");
    }
  }

  /** A duration such as {@code 30s}, {@code 2m}, {@code 500ms}; a bare number means seconds. */
  public Duration duration(String name) {
    String raw = require(name).trim();
    try {
      if (raw.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(raw.substring(0, raw.length() - 2)));
      }
      if (raw.endsWith("s")) {
        return Duration.ofMillis(
            Math.round(Double.parseDouble(raw.substring(0, raw.length() - 1)) * 1000));
      }
      if (raw.endsWith("m")) {
        return Duration.ofSeconds(Long.parseLong(raw.substring(0, raw.length() - 1)) * 60);
      }
      return Duration.ofMillis(Math.round(Double.parseDouble(raw) * 1000));
    } catch (NumberFormatException ex) {
      throw new UsageException(
          "--" + name + " expects a duration like 30s, 2m or 500ms, got '" + raw + "'");
    }
  }

  public boolean flag(String name) {
    return flags.contains(name);
  }

  /** Every option as given or defaulted, for the report. */
  public Map<String, String> asMap() {
    Map<String, String> all = new LinkedHashMap<>(values);
    flags.forEach(flag -> all.put(flag, "true"));
    return Collections.unmodifiableMap(all);
  }

  private String require(String name) {
    String value = values.get(name);
    if (value == null) {
      throw new UsageException("--" + name + " is required");
    }
    return value;
  }
}
