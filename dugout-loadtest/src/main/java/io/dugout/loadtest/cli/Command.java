package io.dugout.loadtest.cli;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A subcommand: its name, a one-paragraph description and the options it accepts. */
public record Command(String name, String summary, String description, List<OptionSpec> options) {

  /** Parses {@code args} (everything after the subcommand name); unknown options are an error. */
  public Options parse(String[] args) {
    Map<String, OptionSpec> byName = new LinkedHashMap<>();
    options.forEach(spec -> byName.put(spec.name(), spec));
    Map<String, String> values = new LinkedHashMap<>();
    Set<String> flags = new HashSet<>();
    options.stream()
        .filter(spec -> !spec.isFlag())
        .forEach(spec -> values.put(spec.name(), spec.defaultValue()));
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--")) {
        throw new UsageException("unexpected argument '" + arg + "' (options start with --)");
      }
      String name = arg.substring(2);
      String inline = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        inline = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      OptionSpec spec = byName.get(name);
      if (spec == null) {
        throw new UsageException(
            "unknown option --" + name + " for '" + this.name + "' (see --help)");
      }
      if (spec.isFlag()) {
        if (inline != null && !inline.equals("true")) {
          if (!inline.equals("false")) {
            throw new UsageException("--" + name + " is a flag and takes no value");
          }
          flags.remove(name);
          continue;
        }
        flags.add(name);
      } else if (inline != null) {
        values.put(name, inline);
      } else if (i + 1 < args.length) {
        values.put(name, args[++i]);
      } else {
        throw new UsageException("--" + name + " needs a value " + spec.argName());
      }
    }
    return new Options(values, flags);
  }

  /** The text printed by {@code --help}. */
  public String help() {
    StringBuilder out = new StringBuilder();
    out.append("usage: dugout-loadtest ")
        .append(name)
        .append(" [options]\n\n")
        .append(description)
        .append("\n\noptions:\n");
    for (OptionSpec spec : options) {
      String left = "  --" + spec.name() + (spec.isFlag() ? "" : " " + spec.argName());
      out.append(left);
      out.append(" ".repeat(Math.max(2, 30 - left.length())));
      out.append(spec.help());
      if (spec.defaultValue() != null && !spec.defaultValue().isEmpty()) {
        out.append(" (default ").append(spec.defaultValue()).append(')');
      }
      out.append('\n');
    }
    return out.toString();
  }
}
