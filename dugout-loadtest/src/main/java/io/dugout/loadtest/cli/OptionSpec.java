package io.dugout.loadtest.cli;

/**
 * One command-line option: {@code --name VALUE} (or {@code --name=VALUE}), or a boolean flag when
 * {@code argName} is null.
 */
public record OptionSpec(String name, String argName, String defaultValue, String help) {

  public static OptionSpec value(String name, String argName, String defaultValue, String help) {
    return new OptionSpec(name, argName, defaultValue, help);
  }

  public static OptionSpec flag(String name, String help) {
    return new OptionSpec(name, null, null, help);
  }

  boolean isFlag() {
    return argName == null;
  }
}
