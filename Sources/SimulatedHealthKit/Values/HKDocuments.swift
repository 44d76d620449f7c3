/// A health document sample, HealthKit's `HKDocumentSample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdocumentsample): the base of
/// ``HKCDADocumentSample``.
public class HKDocumentSample: HKSample, @unchecked Sendable {
  /// The sample's document type (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdocumentsample/documenttype).
  public var documentType: HKDocumentType {
    // Document samples are made only with a document type.
    sampleType as! HKDocumentType
  }
}

/// The parts of a Clinical Document Architecture document, HealthKit's `HKCDADocument` (Apple
/// doc: https://developer.apple.com/documentation/healthkit/hkcdadocument), read from its XML:
/// the `title`, and the names (given names, then family names, space-separated) in
/// `recordTarget` (the patient), `author` and `custodian`.
public final class HKCDADocument: NSObject, @unchecked Sendable {
  /// The XML the sample was made from (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcdadocument/documentdata).
  public let documentData: Data?
  /// The document's title (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcdadocument/title).
  public let title: String
  /// The patient's name (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcdadocument/patientname).
  public let patientName: String
  /// The author's name (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcdadocument/authorname).
  public let authorName: String
  /// The custodian's name (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcdadocument/custodianname).
  public let custodianName: String

  init(
    documentData: Data?, title: String, patientName: String, authorName: String,
    custodianName: String
  ) {
    self.documentData = documentData
    self.title = title
    self.patientName = patientName
    self.authorName = authorName
    self.custodianName = custodianName
  }

  /// The same document without its data (what ``HKDocumentQuery`` returns when
  /// `includeDocumentData` is `false`).
  var withoutData: HKCDADocument {
    HKCDADocument(
      documentData: nil, title: title, patientName: patientName, authorName: authorName,
      custodianName: custodianName)
  }
}

/// A CDA document sample, HealthKit's `HKCDADocumentSample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcdadocumentsample). Made from the
/// document's XML with ``init(data:startDate:endDate:metadata:)``, saved with
/// `HKHealthStore.save(_:)` (sharing `HKDocumentType(.CDA)` asked for) and read back with
/// ``HKDocumentQuery``; an ``HKSampleQuery`` returns the samples without their ``document``,
/// as on a device (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkcdadocumentsample/document).
public final class HKCDADocumentSample: HKDocumentSample, @unchecked Sendable {
  /// The document, or `nil` on a sample from a sample or anchored query (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcdadocumentsample/document).
  public let document: HKCDADocument?

  /// A sample of the CDA document `documentData` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkcdadocumentsample/init(data:startdate:enddate:metadata:)).
  ///
  /// - Throws: `HKError(.errorInvalidArgument)` when the data is not UTF-8 XML whose root is a
  ///   `ClinicalDocument` with a `title`, or `startDate` is after `endDate` (Apple: "the
  ///   validation error"; workout-sim checks only these, not the CDA schema).
  public convenience init(
    data documentData: Data, startDate: Date, endDate: Date, metadata: [String: Any]?
  ) throws {
    guard let document = CDAReader(documentData).document else {
      throw HKError(
        .errorInvalidArgument,
        "The document is not a CDA document: UTF-8 XML with a ClinicalDocument root and a title")
    }
    guard startDate <= endDate else {
      throw HKError(.errorInvalidArgument, "The document's startDate is after its endDate")
    }
    self.init(
      document: document, startDate: startDate, endDate: endDate, uuid: UUID(),
      metadata: metadata, sourceRevision: HKSourceRevision(source: .default(), version: nil))
  }

  init(
    document: HKCDADocument?, startDate: Date, endDate: Date, uuid: UUID,
    metadata: [String: Any]?, sourceRevision: HKSourceRevision
  ) {
    self.document = document
    super.init(
      sampleType: HKDocumentType(.CDA), startDate: startDate, endDate: endDate, uuid: uuid,
      metadata: metadata, device: nil, sourceRevision: sourceRevision)
  }

  /// The sample as a query returns it: with the document (and its data when `data` is
  /// `true`), or without it.
  func copy(document included: Bool, data: Bool) -> HKCDADocumentSample {
    HKCDADocumentSample(
      document: included ? (data ? document : document?.withoutData) : nil,
      startDate: startDate, endDate: endDate, uuid: uuid, metadata: metadata,
      sourceRevision: sourceRevision)
  }

  /// Writes the sample's fields and the document's XML.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    if let data = document?.documentData { coder.encode(data as NSData, forKey: "documentData") }
  }

  /// Reads what ``encode(with:)`` wrote (a sample archived without its data has no document).
  public required init?(coder: NSCoder) {
    let data = coder.decodeObject(of: NSData.self, forKey: "documentData") as Data?
    document = data.flatMap { CDAReader($0).document }
    super.init(coder: coder)
    guard sampleType is HKDocumentType else { return nil }
  }
}

/// Reads the parts of a CDA document ``HKCDADocument`` has, by element names (no schema).
struct CDAReader {
  let text: String?
  let data: Data

  init(_ data: Data) {
    self.data = data
    text = String(data: data, encoding: .utf8)
  }

  /// The document, or `nil` when the data is not a `ClinicalDocument` with a title.
  var document: HKCDADocument? {
    guard let text, text.contains("<ClinicalDocument"),
      let title = Self.content(of: "title", in: Substring(text))
    else { return nil }
    return HKCDADocument(
      documentData: data, title: title, patientName: name(in: "recordTarget"),
      authorName: name(in: "author"), custodianName: name(in: "custodian"))
  }

  /// The given and family names of the first `name` inside the first `element`.
  private func name(in element: String) -> String {
    guard let text, let section = Self.element(element, in: Substring(text)),
      let name = Self.element("name", in: section)
    else { return "" }
    let parts = Self.contents(of: "given", in: name) + Self.contents(of: "family", in: name)
    return parts.joined(separator: " ")
  }

  /// The first `<name ...>...</name>` of `text`, with its tags.
  static func element(_ name: String, in text: Substring) -> Substring? {
    var search = text[...]
    while let open = search.range(of: "<" + name) {
      let after = search[open.upperBound...]
      // The tag's name ends at a space, `>` or `/` (not `<titleX>`).
      guard let next = after.first, next == " " || next == ">" || next == "\n" else {
        search = after
        continue
      }
      guard let close = after.range(of: "</" + name + ">") else { return nil }
      return text[open.lowerBound..<close.upperBound]
    }
    return nil
  }

  /// The text between the first `name` element's tags, trimmed.
  static func content(of name: String, in text: Substring) -> String? {
    guard let element = element(name, in: text), let start = element.firstIndex(of: ">"),
      let end = element.range(of: "</", options: .backwards)
    else { return nil }
    return element[element.index(after: start)..<end.lowerBound]
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The texts of every `name` element of `text`, in order.
  static func contents(of name: String, in text: Substring) -> [String] {
    var found: [String] = []
    var rest = text
    while let element = element(name, in: rest), let value = content(of: name, in: element) {
      found.append(value)
      rest = rest[element.endIndex...]
    }
    return found
  }
}

/// A query of health documents, HealthKit's `HKDocumentQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkdocumentquery).
///
/// Returns the CDA documents the app saved that match the predicate (helpers, dates, UUIDs,
/// sources, metadata keys, ``HKQuery/predicateForCDADocuments(withTitle:)`` and the other
/// document helpers), sorted and limited as a sample query; each sample carries its
/// ``HKCDADocumentSample/document``, with the XML when `includeDocumentData` is `true`. The
/// handler is called once, with `done` `true`.
///
/// On a device the person authorizes each document the first time a document query returns
/// it (Apple doc: https://developer.apple.com/documentation/healthkit/hkcdadocumentsample/document).
/// The simulated person never sees that sheet: reading is decided by the read authorization of
/// `HKDocumentType(.CDA)`: never asked, one call with `nil` and
/// `errorAuthorizationNotDetermined`; denied, an empty array (HealthKit does not tell an app
/// that reading was denied); granted, the documents.
public final class HKDocumentQuery: HKQuery, @unchecked Sendable {
  /// The largest number of documents returned; ``HKObjectQueryNoLimit`` (0) for all (Apple
  /// doc: https://developer.apple.com/documentation/healthkit/hkdocumentquery/limit).
  public let limit: Int
  /// How the documents are ordered, or `nil` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdocumentquery/sortdescriptors).
  public let sortDescriptors: [NSSortDescriptor]?
  /// Whether the documents carry their XML (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdocumentquery/includedocumentdata).
  public let includeDocumentData: Bool
  private let resultsHandler:
    @Sendable (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void

  /// A query of the documents of `documentType` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkdocumentquery/init(documenttype:predicate:limit:sortdescriptors:includedocumentdata:resultshandler:)).
  public init(
    documentType: HKDocumentType, predicate: NSPredicate?, limit: Int,
    sortDescriptors: [NSSortDescriptor]?, includeDocumentData: Bool,
    resultsHandler:
      @escaping @Sendable (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void
  ) {
    self.limit = limit
    self.sortDescriptors = sortDescriptors
    self.includeDocumentData = includeDocumentData
    self.resultsHandler = resultsHandler
    super.init(objectType: documentType, predicate: predicate)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    guard let type = objectType as? HKDocumentType, state.readAskedFor(type) else {
      return fail(notDeterminedError)
    }
    let granted = state.authorization.readGranted(type.identifier) == true
    let found =
      granted
      ? state.storedSamples(
        of: type, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors,
        context: context
      ).compactMap { ($0 as? HKCDADocumentSample)?.copy(document: true, data: includeDocumentData) }
      : []
    return [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, found, true, nil)
      }
    ]
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        resultsHandler(self, nil, true, error)
      }
    ]
  }
}

extension HKQuery {
  /// CDA documents whose title is `title` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforcdadocuments(withtitle:)).
  public class func predicateForCDADocuments(withTitle title: String) -> NSPredicate {
    HKPredicate(.document(\.title, title))
  }

  /// CDA documents whose patient is `patientName` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforcdadocuments(withpatientname:)).
  public class func predicateForCDADocuments(withPatientName patientName: String) -> NSPredicate {
    HKPredicate(.document(\.patientName, patientName))
  }

  /// CDA documents whose author is `authorName` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforcdadocuments(withauthorname:)).
  public class func predicateForCDADocuments(withAuthorName authorName: String) -> NSPredicate {
    HKPredicate(.document(\.authorName, authorName))
  }

  /// CDA documents whose custodian is `custodianName` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkquery/predicateforcdadocuments(withcustodianname:)).
  public class func predicateForCDADocuments(withCustodianName custodianName: String)
    -> NSPredicate
  {
    HKPredicate(.document(\.custodianName, custodianName))
  }
}
