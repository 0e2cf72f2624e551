package io.dugout.web;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the system Chromium and its driver live, and whether they are installed. */
final class Chromium {

  static final Path BROWSER = Path.of(System.getProperty("dugout.chromium", "/usr/bin/chromium"));
  static final Path DRIVER =
      Path.of(System.getProperty("dugout.chromedriver", "/usr/bin/chromedriver"));

  static final String SKIPPED =
      "Browser tests SKIPPED: "
          + BROWSER
          + " or "
          + DRIVER
          + " is not installed. Enable them with: apt-get install -y chromium chromium-driver"
          + " (or point -Ddugout.chromium=… and -Ddugout.chromedriver=… at a Chromium and its"
          + " matching chromedriver).";

  private Chromium() {}

  static boolean installed() {
    return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
  }
}
