package io.dugout.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;

/**
 * One person's browser: its own headless Chromium with its own empty profile (so two of them are
 * two independent browser contexts), and the few page actions the tests need, done the way a person
 * does them (typing, clicking, Enter).
 *
 * <p>Every page also gets {@code network-shim.js} (test resources): it records the page's WebSocket
 * traffic and uncaught errors, and lets a test cut this browser's network or lose chosen incoming
 * STOMP frames. It is installed through the DevTools protocol before the page's own scripts run;
 * the web client knows nothing of it.
 */
final class Browser implements AutoCloseable {

  /** Open browsers, for screenshots when a test fails. */
  static final Set<Browser> OPEN = ConcurrentHashMap.newKeySet();

  private static final String NETWORK = shim();

  final String name;
  private final ChromeDriver driver;

  private static String shim() {
    try (var in = Browser.class.getResourceAsStream("network-shim.js")) {
      if (in == null)
        throw new IllegalStateException("network-shim.js is not on the test classpath");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Browser(String name, Path profile) throws IOException {
    this.name = name;
    Files.createDirectories(profile);
    var service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(Chromium.DRIVER.toFile())
            .usingAnyFreePort()
            .build();
    var options = new ChromeOptions();
    options.setBinary(Chromium.BROWSER.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--user-data-dir=" + profile.toAbsolutePath(),
        "--window-size=1200,800");
    driver = new ChromeDriver(service, options);
    driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", NETWORK));
    OPEN.add(this);
  }

  void load(String url) {
    driver.get(url);
  }

  void reload() {
    driver.navigate().refresh();
  }

  void resize(int width, int height) {
    driver.manage().window().setSize(new Dimension(width, height));
  }

  /** Signs in with a try-it-out token, as a person does on the sign-in form. */
  void signIn(String userId) {
    waitUntil("sign-in form shown", () -> find("#signin-user").isDisplayed());
    type(find("#signin-user"), userId + Keys.ENTER);
    waitUntil("signed in as " + userId, () -> userId.equals(text("#me")));
    waitUntil("connected", () -> "online".equals(connection()));
  }

  void createRoom(String type, String members, String title) {
    createRoom(type, members, title, null);
  }

  /** Fills and submits the new-room form; {@code itemId} is for TRADE rooms (I am the buyer). */
  void createRoom(String type, String members, String title, String itemId) {
    find("#new-room-toggle").click();
    js(
        "document.getElementById('new-room-type').value = arguments[0];"
            + "document.getElementById('new-room-type').dispatchEvent(new Event('change'))",
        type);
    type(find("#new-room-members"), members);
    if (title != null) type(find("#new-room-title"), title);
    if (itemId != null) type(find("#new-room-item"), itemId);
    Object before = js("return location.hash");
    find("#new-room button[type=submit]").click();
    waitUntil(
        "the new room opened",
        () -> !before.equals(js("return location.hash")) && find("#room-pane").isDisplayed());
  }

  /** Opens the room whose list entry shows this title. */
  void openRoom(String title) {
    waitUntil(
        "room '" + title + "' listed and opened",
        () -> {
          if (find("#room-pane").isDisplayed() && title.equals(text("#room-title"))) return true;
          var button = roomButton(title); // the list re-renders as events arrive: look it up afresh
          if (button != null) button.click();
          return false;
        });
  }

  WebElement roomButton(String title) {
    for (var button : driver.findElements(By.cssSelector("#room-list button[data-room-id]"))) {
      if (title.equals(button.findElement(By.cssSelector(".room-title")).getText())) return button;
    }
    return null;
  }

  /** The unread badge of a room in the list (0 when none is shown). */
  long unread(String title) {
    var button = roomButton(title);
    return button == null ? -1 : Long.parseLong(button.getAttribute("data-unread"));
  }

  /** Types a message and presses Enter. */
  void send(String text) {
    type(find("#composer-input"), text);
    find("#composer-input").sendKeys(Keys.ENTER);
  }

  void type(WebElement input, String text) {
    input.click();
    input.sendKeys(text);
  }

  /**
   * Points at a message of the open room and clicks one of its buttons, as a person does: a
   * message's actions show while the pointer is on it.
   */
  void clickOnMessage(String content, String buttonCss) {
    waitUntil(
        "'" + buttonCss + "' clicked on the message '" + content + "'",
        () -> {
          var item = messageItem(content);
          if (item == null) return false;
          new Actions(driver).moveToElement(item).perform();
          item.findElement(By.cssSelector(buttonCss)).click();
          return true;
        });
  }

  /** The list item of the open room's message with this content, or null. */
  WebElement messageItem(String content) {
    for (var item : driver.findElements(By.cssSelector("#message-list li[data-seq]"))) {
      var text = item.findElements(By.cssSelector(".content"));
      if (!text.isEmpty() && content.equals(text.getFirst().getText())) return item;
    }
    return null;
  }

  /** Answers OK to the page's confirm() dialog. */
  void acceptDialog() {
    waitUntil(
        "a dialog to accept",
        () -> {
          driver.switchTo().alert().accept();
          return true;
        });
  }

  /** The open room's confirmed messages, top to bottom: seq, sender and content. */
  @SuppressWarnings("unchecked")
  List<Map<String, Object>> messages() {
    return (List<Map<String, Object>>)
        js(
            "return [...document.querySelectorAll('#message-list li[data-seq]')].map(li => ({"
                + " seq: Number(li.dataset.seq), sender: li.dataset.sender,"
                + " content: li.querySelector('.content')?.textContent ?? '' }))");
  }

  List<String> contents() {
    return messages().stream().map(m -> (String) m.get("content")).toList();
  }

  /** The open room's unconfirmed messages of mine: content and state (pending, sent, failed). */
  @SuppressWarnings("unchecked")
  List<Map<String, Object>> outbox() {
    return (List<Map<String, Object>>)
        js(
            "return [...document.querySelectorAll('#outbox > li')].map(li => ({"
                + " content: li.querySelector('.content').textContent, state: li.dataset.state }))");
  }

  String connection() {
    return find("#connection").getAttribute("data-state");
  }

  String text(String css) {
    var found = driver.findElements(By.cssSelector(css));
    return found.isEmpty() ? null : found.getFirst().getText();
  }

  /**
   * Clicks the element, finding it again if the page replaced it first (the outbox, for one, is
   * drawn again on every progress event of an upload).
   */
  void click(String css) {
    waitUntil(
        "'" + css + "' clicked",
        () -> {
          find(css).click();
          return true;
        });
  }

  WebElement find(String css) {
    return driver.findElement(By.cssSelector(css));
  }

  List<WebElement> findAll(String css) {
    return driver.findElements(By.cssSelector(css));
  }

  Object js(String script, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(script, args);
  }

  /** Runs a script that reports its result through its last argument, a callback. */
  Object jsAsync(String script, Object... args) {
    return ((JavascriptExecutor) driver).executeAsyncScript(script, args);
  }

  /** The WebSocket traffic of this page, most recent last (for failure reports). */
  @SuppressWarnings("unchecked")
  List<String> frameLog() {
    return (List<String>) js("return window.__net ? window.__net.log : []");
  }

  /** Uncaught errors and unhandled rejections of the page since it loaded. */
  @SuppressWarnings("unchecked")
  List<String> pageErrors() {
    return (List<String>) js("return window.__errors || []");
  }

  /** Closes this browser's WebSockets and fails new ones until {@link #restoreNetwork()}. */
  void cutNetwork() {
    js("window.__net.cut()");
  }

  void restoreNetwork() {
    js("window.__net.restore()");
  }

  /** Loses every incoming WebSocket frame that contains one of these strings. */
  void loseIncomingFramesContaining(String... needles) {
    js(
        "const needles = arguments[0];"
            + " window.__net.lose = (f) => needles.some(n => f.includes(n));",
        List.of(needles));
  }

  void stopLosingFrames() {
    js("window.__net.lose = null");
  }

  /** Waits up to 20 s for a condition, polling; fails with what was expected. */
  void waitUntil(String what, Supplier<Boolean> condition) {
    waitUntil(what, condition, Duration.ofSeconds(20));
  }

  void waitUntil(String what, Supplier<Boolean> condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    RuntimeException last = null;
    while (System.nanoTime() < deadline) {
      try {
        if (Boolean.TRUE.equals(condition.get())) return;
        last = null;
      } catch (RuntimeException e) {
        last = e; // e.g. an element replaced while we looked at it: look again
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for " + what);
      }
    }
    throw new AssertionError(name + ": timed out after " + timeout + " waiting for " + what, last);
  }

  /** Saves what the page downloads into {@code dir}, under the name the page gives it. */
  void downloadsTo(Path dir) {
    driver.executeCdpCommand(
        "Browser.setDownloadBehavior",
        Map.of("behavior", "allow", "downloadPath", dir.toAbsolutePath().toString()));
  }

  /** Slows what this page sends over HTTP to about {@code bytesPerSecond}; -1 lifts the limit. */
  void throttleUploads(long bytesPerSecond) {
    driver.executeCdpCommand("Network.enable", Map.of());
    driver.executeCdpCommand(
        "Network.emulateNetworkConditions",
        Map.of(
            "offline",
            false,
            "latency",
            0,
            "downloadThroughput",
            -1,
            "uploadThroughput",
            bytesPerSecond));
  }

  void screenshot(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
  }

  @Override
  public void close() {
    OPEN.remove(this);
    driver.quit();
  }
}
