package io.dugout.file;

import io.dugout.auth.Caller;
import io.dugout.system.DugoutException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import org.springframework.context.annotation.Conditional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Upload slots, the signed upload URLs they hand out, and member-only downloads. The upload URL is
 * outside {@code /api}: its signature, not a bearer token, is what lets the bytes in, and its body
 * is a file, not a JSON request under {@code dugout.limits.max-request-bytes}.
 */
@RestController
@Conditional(FileProperties.OnAny.class)
class FileController {

  static final String UPLOAD_PATH = "/uploads/";

  private final UploadSlots slots;
  private final UploadStore uploads;
  private final FileDownloads downloads;
  private final FileRights rights;
  private final URI publicUrl;

  FileController(
      UploadSlots slots,
      UploadStore uploads,
      FileDownloads downloads,
      FileRights rights,
      FileProperties properties) {
    this.publicUrl = properties.publicUrl();
    this.slots = slots;
    this.uploads = uploads;
    this.downloads = downloads;
    this.rights = rights;
  }

  /** The body of a request for an upload slot. */
  record SlotRequest(String name, Long size, String type) {}

  /** An open upload slot: where and how to send the bytes, and until when. */
  record SlotAnswer(
      String uploadId, String url, String method, Map<String, String> headers, Instant expiresAt) {}

  @PostMapping("/api/v1/rooms/{roomId}/uploads")
  ResponseEntity<SlotAnswer> open(
      Caller caller, @PathVariable String roomId, @RequestBody SlotRequest request) {
    var slot = slots.open(caller, roomId, request.name(), request.size(), request.type());
    var upload = slot.upload();
    String url =
        uploadUrl(
            publicUrl == null
                ? ServletUriComponentsBuilder.fromCurrentContextPath()
                : UriComponentsBuilder.fromUri(publicUrl),
            slot);
    return ResponseEntity.status(HttpStatus.CREATED)
        .body(
            new SlotAnswer(
                upload.id(),
                url,
                "PUT",
                Map.of(HttpHeaders.CONTENT_TYPE, upload.declaredType()),
                upload.expiresAt()));
  }

  /** The signed URL of a slot's bytes, under {@code base}: Dugout's address as clients reach it. */
  static String uploadUrl(UriComponentsBuilder base, UploadSlots.Slot slot) {
    return base.path(UPLOAD_PATH + slot.upload().id())
        .queryParam("expires", slot.upload().expiresAt().getEpochSecond())
        .queryParam("signature", slot.signature())
        .toUriString();
  }

  /** The bytes of an upload, to its signed URL. */
  @PutMapping(UPLOAD_PATH + "{uploadId}")
  UploadAnswer upload(
      @PathVariable String uploadId,
      @RequestParam long expires,
      @RequestParam String signature,
      HttpServletRequest request)
      throws IOException {
    try (InputStream body = request.getInputStream()) {
      var upload =
          slots.receive(uploadId, expires, signature, request.getContentLengthLong(), body);
      return new UploadAnswer(
          upload.id(), upload.size(), upload.type(), upload.width(), upload.height());
    }
  }

  /** What was stored for an upload. */
  @com.fasterxml.jackson.annotation.JsonInclude(
      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
  record UploadAnswer(String uploadId, long size, String type, Integer width, Integer height) {}

  /**
   * A file of the room: a redirect to the store's short-lived URL, or streamed ({@link
   * FileDownloads}). Only a safe raster image is served inline; anything else is an attachment.
   */
  @GetMapping("/api/v1/rooms/{roomId}/files/{uploadId}")
  void download(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable String uploadId,
      HttpServletResponse response)
      throws IOException {
    var upload = rights.requireDownloader(caller, roomId, uploads.get(uploadId));
    downloads.send(
        UploadSlots.key(upload.id()),
        upload.size(),
        upload.type(),
        upload.name(),
        roomId,
        response);
  }

  /**
   * An image's thumbnail ({@link Images#THUMBNAIL} pixels on its long side), under the same rights
   * as the file; 404 for a file that has none.
   */
  @GetMapping("/api/v1/rooms/{roomId}/files/{uploadId}/thumbnail")
  void thumbnail(
      Caller caller,
      @PathVariable String roomId,
      @PathVariable String uploadId,
      HttpServletResponse response)
      throws IOException {
    var upload = rights.requireDownloader(caller, roomId, uploads.get(uploadId));
    if (upload.thumbnailType() == null) {
      throw DugoutException.notFound("file " + uploadId + " has no thumbnail");
    }
    downloads.send(
        UploadSlots.thumbnailKey(upload.id()),
        -1,
        upload.thumbnailType(),
        "thumbnail-" + upload.name(),
        roomId,
        response);
  }
}
