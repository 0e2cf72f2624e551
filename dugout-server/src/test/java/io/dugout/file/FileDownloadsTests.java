package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.store.s3.S3FileStore;
import io.dugout.store.s3.S3Proxy;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * How a download leaves the node, on a bucket of S3Proxy (a real S3 API server): a redirect to the
 * store's pre-signed URL, or, with {@code dugout.files.s3.redirect-downloads=false}, the bytes
 * streamed with the headers Dugout sets itself.
 */
class FileDownloadsTests {

  private static final byte[] TEXT = "what I sell".getBytes(StandardCharsets.UTF_8);

  @TempDir Path spool;
  private final HttpClient http = HttpClient.newHttpClient();
  private S3FileStore store;

  @BeforeEach
  void bucket() throws Exception {
    var proxy = S3Proxy.shared();
    store = new S3FileStore(proxy.client(), proxy.presigner(), proxy.newBucket(), "", spool, 1024);
    store.put("uploads/f-1", new ByteArrayInputStream(TEXT), TEXT.length);
  }

  @AfterEach
  void close() {
    http.close();
  }

  @Test
  void redirectsToAUrlOfTheStoreThatServesTheFileAsDugoutWould() throws Exception {
    var downloads = FileDownloads.of(store, properties(Map.of()));
    var response = new MockHttpServletResponse();

    downloads.send("uploads/f-1", TEXT.length, "text/plain", "liste ü.txt", "r-1", response);

    assertThat(downloads.redirects()).isTrue();
    assertThat(response.getStatus()).isEqualTo(302);
    assertThat(response.getHeader("Cache-Control")).isEqualTo("no-store");
    assertThat(response.getContentAsByteArray()).isEmpty();
    var location = URI.create(response.getHeader("Location"));
    assertThat(location.getQuery()).contains("X-Amz-Expires=120");
    var file =
        http.send(
            HttpRequest.newBuilder(location).build(), HttpResponse.BodyHandlers.ofByteArray());
    assertThat(file.statusCode()).isEqualTo(200);
    assertThat(file.body()).isEqualTo(TEXT);
    assertThat(file.headers().firstValue("Content-Type")).hasValue("text/plain");
    assertThat(file.headers().firstValue("Content-Disposition").orElseThrow())
        .startsWith("attachment")
        .contains("filename*=UTF-8''liste%20%C3%BC.txt");
    assertThat(file.headers().firstValue("Cache-Control")).hasValue(FileDownloads.CACHE_CONTROL);
  }

  @Test
  void streamsThroughTheNodeWhenRedirectsAreOff() throws Exception {
    var downloads =
        FileDownloads.of(store, properties(Map.of("dugout.files.s3.redirect-downloads", "false")));
    var response = new MockHttpServletResponse();

    downloads.send("uploads/f-1", TEXT.length, "text/plain", "list.txt", "r-1", response);

    assertThat(downloads.redirects()).isFalse();
    assertThat(response.getStatus()).isEqualTo(200);
    assertThat(response.getHeader("Location")).isNull();
    assertThat(response.getContentAsByteArray()).isEqualTo(TEXT);
    assertThat(response.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(response.getHeader("Content-Disposition")).startsWith("attachment");
  }

  private static FileProperties properties(Map<String, String> settings) {
    return new Binder(new MapConfigurationPropertySource(settings))
        .bindOrCreate("dugout.files", FileProperties.class);
  }
}
