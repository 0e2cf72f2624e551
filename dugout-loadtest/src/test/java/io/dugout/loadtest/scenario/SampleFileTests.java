package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.dugout.loadtest.cli.UsageException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class SampleFileTests {

  @Test
  void readsSizesInBytesKilobytesAndMegabytes() {
    assertThat(SampleFile.parseSize("4096")).isEqualTo(4096);
    assertThat(SampleFile.parseSize("200KB")).isEqualTo(200 * 1024);
    assertThat(SampleFile.parseSize("200k")).isEqualTo(200 * 1024);
    assertThat(SampleFile.parseSize("1.5MB")).isEqualTo(1536 * 1024);
  }

  @Test
  void refusesSizesThatAreNotSizes() {
    assertThatThrownBy(() -> SampleFile.parseSize("big")).isInstanceOf(UsageException.class);
    assertThatThrownBy(() -> SampleFile.parseSize("0KB")).isInstanceOf(UsageException.class);
    assertThatThrownBy(() -> SampleFile.parseSize("3GB")).isInstanceOf(UsageException.class);
  }

  @Test
  void imageIsAJpegOfNoiseCloseToTheSizeAskedFor() throws Exception {
    SampleFile file = SampleFile.of("image", 200 * 1024);

    assertThat(file.type()).isEqualTo("image/jpeg");
    assertThat(file.name()).endsWith(".jpg");
    assertThat(file.image()).isTrue();
    assertThat((double) file.bytes().length).isCloseTo(200 * 1024, within(200 * 1024 * 0.05));
    BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(file.bytes()));
    assertThat(decoded.getWidth()).isGreaterThan(decoded.getHeight());
    assertThat(decoded.getRGB(0, 0)).isNotEqualTo(decoded.getRGB(1, 0));
  }

  @Test
  void pngIsAPngCloseToTheSizeAskedFor() throws Exception {
    SampleFile file = SampleFile.of("png", 50 * 1024);

    assertThat(file.type()).isEqualTo("image/png");
    assertThat((double) file.bytes().length).isCloseTo(50 * 1024, within(50 * 1024 * 0.05));
    assertThat(ImageIO.read(new ByteArrayInputStream(file.bytes()))).isNotNull();
  }

  @Test
  void fileIsARealZipOfRandomBytesCloseToTheSizeAskedFor() throws Exception {
    SampleFile file = SampleFile.of("file", 100 * 1024);

    assertThat(file.type()).isEqualTo("application/zip");
    assertThat(file.image()).isFalse();
    assertThat((double) file.bytes().length).isCloseTo(100 * 1024, within(100 * 1024 * 0.05));
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(file.bytes()))) {
      ZipEntry entry = zip.getNextEntry();
      assertThat(entry.getName()).isEqualTo("load-test.bin");
      assertThat(zip.readAllBytes().length).isGreaterThan(99 * 1024);
      assertThat(zip.getNextEntry()).isNull();
    }
  }

  @Test
  void anUnknownKindIsAUsageError() {
    assertThatThrownBy(() -> SampleFile.of("svg", 1024))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("--file-kind");
  }
}
