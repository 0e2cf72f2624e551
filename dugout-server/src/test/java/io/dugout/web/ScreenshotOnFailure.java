package io.dugout.web;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * When a browser test fails, saves what every open browser showed, and its WebSocket traffic, to
 * target/browser-failures/.
 */
final class ScreenshotOnFailure implements AfterTestExecutionCallback {

  @Override
  public void afterTestExecution(ExtensionContext context) {
    if (context.getExecutionException().isEmpty()) return;
    for (var browser : Browser.OPEN) {
      var file =
          Path.of(
              "target",
              "browser-failures",
              context.getRequiredTestMethod().getName() + "-" + browser.name + ".png");
      try {
        browser.screenshot(file);
        var log = Path.of(file.toString().replace(".png", ".websocket.txt"));
        Files.write(log, browser.frameLog());
        System.out.println(
            "Browser test failed; screenshot of "
                + browser.name
                + ": "
                + file
                + ", frames: "
                + log);
      } catch (Exception e) {
        System.out.println("Could not take a screenshot of " + browser.name + ": " + e);
      }
    }
  }
}
