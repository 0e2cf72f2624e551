package io.dugout.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Upload URLs behind a proxy: with {@code dugout.files.public-url} they start with the address
 * clients reach Dugout at, whatever address the request that opened the slot came in on.
 */
class UploadUrlTests {

  private static final Instant EXPIRES = Instant.parse("2026-12-02T03:00:00Z");

  @Test
  void startsWithThePublicUrlWhenOneIsSet() {
    var properties =
        new Binder(
                new MapConfigurationPropertySource(
                    Map.of("dugout.files.public-url", "https://chat.example.com/")))
            .bindOrCreate("dugout.files", FileProperties.class);
    var slot = new UploadSlots.Slot(upload("01a2016d-c0de-7b1a-9f00-3c5e2f1a7d42"), "Jx3-_a");

    String url =
        FileController.uploadUrl(UriComponentsBuilder.fromUri(properties.publicUrl()), slot);

    assertThat(url)
        .isEqualTo(
            "https://chat.example.com/uploads/01a2016d-c0de-7b1a-9f00-3c5e2f1a7d42"
                + "?expires="
                + EXPIRES.getEpochSecond()
                + "&signature=Jx3-_a");
  }

  @Test
  void isUnsetByDefault() {
    var properties =
        new Binder(new MapConfigurationPropertySource(Map.of("dugout.files.max-size", "25MB")))
            .bindOrCreate("dugout.files", FileProperties.class);

    assertThat(properties.publicUrl()).isNull();
    assertThat(
            FileController.uploadUrl(
                UriComponentsBuilder.fromUri(URI.create("http://10.0.0.7:8080")),
                new UploadSlots.Slot(upload("01a2016d-c0de-7b1a-9f00-3c5e2f1a7d43"), "s")))
        .startsWith("http://10.0.0.7:8080/uploads/01a2016d-c0de-7b1a-9f00-3c5e2f1a7d43?");
  }

  private static Upload upload(String id) {
    return Upload.pending(
        id, "room", "alice", "glove.png", 10, "image/png", EXPIRES.minusSeconds(900), EXPIRES);
  }
}
