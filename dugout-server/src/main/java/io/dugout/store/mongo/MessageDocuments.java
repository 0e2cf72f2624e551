package io.dugout.store.mongo;

import io.dugout.message.Attachment;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.message.SystemEvent;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * A log entry as its document in {@code messages} and back. Fields an entry does not use are left
 * out of its document, so a plain message is stored as it was before changes existed, and a
 * document written before then reads with its seq as its ordinal.
 */
final class MessageDocuments {

  private MessageDocuments() {}

  static Document toDocument(Message message) {
    var attachments = new ArrayList<Document>();
    for (Attachment a :
        message.attachments() == null ? List.<Attachment>of() : message.attachments()) {
      var attachment =
          new Document("url", a.url())
              .append("name", a.name())
              .append("size", a.size())
              .append("mime", a.mime());
      putIfSet(attachment, "uploadId", a.uploadId());
      putIfSet(attachment, "width", a.width());
      putIfSet(attachment, "height", a.height());
      attachments.add(attachment);
    }
    var document =
        new Document("roomId", message.roomId())
            .append("seq", message.seq())
            .append("senderId", message.senderId());
    if (message.kind() != null) {
      document.append("kind", message.kind().name());
    }
    if (message.content() != null) {
      document.append("content", message.content());
    }
    document.append("attachments", attachments).append("clientMsgId", message.clientMsgId());
    MongoStorage.putInstant(document, "sentAt", message.sentAt());
    document.append("ordinal", message.ordinal());
    putIfSet(document, "replyTo", message.replyTo());
    if (!message.mentions().isEmpty()) {
      document.append("mentions", message.mentions());
    }
    if (message.editedAt() != null) {
      MongoStorage.putInstant(document, "editedAt", message.editedAt());
    }
    if (message.deleted()) {
      document.append("deleted", true).append("deletedBy", message.deletedBy());
      MongoStorage.putInstant(document, "deletedAt", message.deletedAt());
    }
    if (!message.reactions().isEmpty()) {
      var reactions = new ArrayList<Document>();
      for (Message.Reaction r : message.reactions()) {
        reactions.add(
            new Document("emoji", r.emoji()).append("count", r.count()).append("users", r.users()));
      }
      document.append("reactions", reactions);
    }
    putIfSet(document, "changedSeq", message.changedSeq());
    putIfSet(document, "change", message.change());
    putIfSet(document, "targetSeq", message.targetSeq());
    putIfSet(document, "emoji", message.emoji());
    var system = message.system();
    if (system != null) {
      var recorded = new Document("action", system.action());
      putIfSet(recorded, "actorId", system.actorId());
      putIfSet(recorded, "userId", system.userId());
      if (!system.details().isEmpty()) {
        recorded.append("details", new Document(new java.util.LinkedHashMap<>(system.details())));
      }
      document.append("system", recorded);
    }
    return document;
  }

  private static void putIfSet(Document document, String field, Object value) {
    if (value != null) {
      document.append(field, value);
    }
  }

  private static Long longOrNull(Document d, String field) {
    Number value = d.get(field, Number.class);
    return value == null ? null : value.longValue();
  }

  static Message fromDocument(Document d) {
    var attachments = new ArrayList<Attachment>();
    for (Document a : d.getList("attachments", Document.class, List.of())) {
      attachments.add(
          new Attachment(
              a.getString("url"),
              a.getString("name"),
              a.get("size", Number.class).longValue(),
              a.getString("mime"),
              a.getString("uploadId"),
              a.getInteger("width"),
              a.getInteger("height")));
    }
    var reactions = new ArrayList<Message.Reaction>();
    for (Document r : d.getList("reactions", Document.class, List.of())) {
      reactions.add(
          new Message.Reaction(
              r.getString("emoji"),
              r.get("count", Number.class).longValue(),
              r.getList("users", String.class, List.of())));
    }
    String kind = d.getString("kind");
    long seq = d.get("seq", Number.class).longValue();
    Long ordinal = longOrNull(d, "ordinal");
    boolean deleted = d.getBoolean("deleted", false);
    return new Message(
        d.getString("roomId"),
        seq,
        d.getString("senderId"),
        kind == null ? null : MessageKind.valueOf(kind),
        d.getString("content"),
        kind == null && attachments.isEmpty() ? null : List.copyOf(attachments),
        d.getString("clientMsgId"),
        MongoStorage.getInstant(d, "sentAt"),
        ordinal == null ? 0 : ordinal,
        longOrNull(d, "replyTo"),
        null,
        d.getList("mentions", String.class, List.of()),
        d.containsKey("editedAt") ? MongoStorage.getInstant(d, "editedAt") : null,
        deleted,
        deleted ? MongoStorage.getInstant(d, "deletedAt") : null,
        d.getString("deletedBy"),
        reactions,
        longOrNull(d, "changedSeq"),
        d.getString("change"),
        longOrNull(d, "targetSeq"),
        d.getString("emoji"),
        null,
        systemOf(d.get("system", Document.class)));
  }

  private static SystemEvent systemOf(Document d) {
    if (d == null) {
      return null;
    }
    var details = new java.util.LinkedHashMap<String, String>();
    Document stored = d.get("details", Document.class);
    if (stored != null) {
      stored.forEach((k, v) -> details.put(k, String.valueOf(v)));
    }
    return new SystemEvent(
        d.getString("action"), d.getString("actorId"), d.getString("userId"), details);
  }
}
