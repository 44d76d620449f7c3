import Foundation
import Testing
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// Vision prescriptions, their units and prisms, and per-object read authorization
/// (docs/healthkit-behaviour.md#vision-prescriptions).
@Suite struct VisionPrescriptionTests {
  static let prescriptionType = HKObjectType.visionPrescriptionType()

  static func glasses(issued: Date) -> HKGlassesPrescription {
    let sphere = HKQuantity(unit: .diopter(), doubleValue: -0.75)
    let right = HKGlassesLensSpecification(
      sphere: sphere, cylinder: HKQuantity(unit: .diopter(), doubleValue: -0.5),
      axis: HKQuantity(unit: .degreeAngle(), doubleValue: 155), addPower: nil,
      vertexDistance: HKQuantity(unit: .meterUnit(with: .milli), doubleValue: 14), prism: nil,
      farPupillaryDistance: nil, nearPupillaryDistance: nil)
    return HKGlassesPrescription(
      rightEyeSpecification: right, leftEyeSpecification: nil, dateIssued: issued,
      expirationDate: issued.addingTimeInterval(365 * 86_400), device: nil, metadata: nil)
  }

  static func contacts(issued: Date) -> HKContactsPrescription {
    let lens = HKContactsLensSpecification(
      sphere: HKQuantity(unit: .diopter(), doubleValue: -1.25), cylinder: nil, axis: nil,
      addPower: nil, baseCurve: HKQuantity(unit: .meterUnit(with: .milli), doubleValue: 8.6),
      diameter: HKQuantity(unit: .meterUnit(with: .milli), doubleValue: 14.2))
    return HKContactsPrescription(
      rightEyeSpecification: lens, leftEyeSpecification: lens, brand: "Acme", dateIssued: issued,
      expirationDate: nil, device: nil, metadata: nil)
  }

  /// 180° = π rad; diopters and prism diopters convert only into themselves. The unit strings
  /// are HealthKit's own root units (`diopterUnit` makes `D`, `prismDiopterUnit` `pD`,
  /// `degreeAngleUnit` `deg`, `radianAngleUnit` `rad`), and each string reads back as its unit.
  @Test func unitsForLenses() {
    #expect(
      HKQuantity(unit: .degreeAngle(), doubleValue: 180).doubleValue(for: .radianAngle()) == .pi)
    #expect(HKUnit.diopter().unitString == "D")
    #expect(HKUnit.prismDiopter().unitString == "pD")
    #expect(HKUnit.degreeAngle().unitString == "deg")
    #expect(HKUnit.radianAngle().unitString == "rad")
    #expect(HKUnit(from: "pD") == .prismDiopter())
    #expect(HKUnit(from: "D") == .diopter())
    #expect(!HKQuantity(unit: .diopter(), doubleValue: 1).is(compatibleWith: .meter()))
    #expect(!HKQuantity(unit: .diopter(), doubleValue: 1).is(compatibleWith: .prismDiopter()))
    #expect(HKQuantity(unit: .diopter(), doubleValue: 1).is(compatibleWith: .diopter()))
  }

  /// The two forms of a prism: 0° for the right eye is 2 prism diopters base in; for the left
  /// eye 180° is base in too; vertical 3 up and horizontal 4 in give 5 at atan(3/4) = 36.87°.
  @Test func prismForms() {
    let two = HKQuantity(unit: .prismDiopter(), doubleValue: 2)
    let right = HKVisionPrism(
      amount: two, angle: HKQuantity(unit: .degreeAngle(), doubleValue: 0), eye: .right)
    #expect(right.horizontalAmount.doubleValue(for: .prismDiopter()) == 2)
    #expect(right.horizontalBase == .in)
    #expect(right.verticalBase == HKPrismBase.none)
    let left = HKVisionPrism(
      amount: two, angle: HKQuantity(unit: .degreeAngle(), doubleValue: 180), eye: .left)
    #expect(left.horizontalAmount.doubleValue(for: .prismDiopter()) == 2)
    #expect(left.horizontalBase == .in)
    #expect(left.verticalBase == HKPrismBase.none)
    let rectangular = HKVisionPrism(
      verticalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 3), verticalBase: .up,
      horizontalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 4), horizontalBase: .in,
      eye: .right)
    #expect(rectangular.amount.doubleValue(for: .prismDiopter()) == 5)
    let degrees = rectangular.angle.doubleValue(for: .degreeAngle())
    #expect(abs(degrees - atan(0.75) * 180 / .pi) < 1e-12)
    #expect(abs(degrees - 36.869_897_645_844) < 1e-9)
  }

  /// Asking to read prescriptions with the ordinary sheet terminates the app with HealthKit's
  /// exception text.
  @Test func readingPrescriptionsNeedsThePerObjectSheet() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    await simulation.run {
      let store = HKHealthStore()
      await #expect(
        throws: HealthKitSimulation.AppTermination(
          message:
            "Authorization to read the following types is disallowed: HKVisionPrescriptionTypeIdentifier"
        )
      ) {
        try await store.requestAuthorization(toShare: [], read: [Self.prescriptionType])
      }
    }
  }

  /// A prescription is read only after the person allows it: none before any sheet, the one
  /// they pick, both, then none again.
  @Test func prescriptionsAreReadPerObject() async throws {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      #expect(Self.prescriptionType.requiresPerObjectAuthorization())
      #expect(!steps.requiresPerObjectAuthorization())
      try await store.requestAuthorization(toShare: [Self.prescriptionType], read: [])
      let issued = simulation.now.addingTimeInterval(-86_400)
      let glasses = Self.glasses(issued: issued)
      let contacts = Self.contacts(issued: issued)
      try await store.save([glasses, contacts])

      func read() async -> [HKVisionPrescription] {
        (await samples(store, simulation, Self.prescriptionType).samples ?? [])
          .compactMap { $0 as? HKVisionPrescription }
      }
      #expect(await read().isEmpty)

      simulation.answerPerObjectReadRequests(.allow([glasses.uuid]))
      try await store.requestPerObjectReadAuthorization(for: Self.prescriptionType, predicate: nil)
      let first = await read()
      #expect(first.map(\.uuid) == [glasses.uuid])
      let lens = (first.first as? HKGlassesPrescription)?.rightEye
      #expect(lens?.sphere.doubleValue(for: .diopter()) == -0.75)
      #expect(lens?.axis?.doubleValue(for: .degreeAngle()) == 155)
      #expect(first.first?.prescriptionType == .glasses)
      #expect(first.first?.expirationDate == issued.addingTimeInterval(365 * 86_400))

      simulation.answerPerObjectReadRequests(.allowAll)
      try await store.requestPerObjectReadAuthorization(for: Self.prescriptionType, predicate: nil)
      let both = await read()
      #expect(Set(both.map(\.uuid)) == [glasses.uuid, contacts.uuid])
      #expect(both.compactMap { ($0 as? HKContactsPrescription)?.brand } == ["Acme"])

      simulation.answerPerObjectReadRequests(.allowNone)
      try await store.requestPerObjectReadAuthorization(for: Self.prescriptionType, predicate: nil)
      #expect(await read().isEmpty)

      // A type without per-object authorization is refused.
      let refused = await #expect(throws: HKError.self) {
        try await store.requestPerObjectReadAuthorization(for: steps, predicate: nil)
      }
      #expect(refused?.code == .errorInvalidArgument)
    }
  }

  /// A glasses prescription survives a secure-coding round trip.
  @Test func glassesArchiveRoundTrip() throws {
    let glasses = Self.glasses(issued: noon(plus: 0))
    let data = try NSKeyedArchiver.archivedData(
      withRootObject: glasses, requiringSecureCoding: true)
    let back = try #require(
      try NSKeyedUnarchiver.unarchivedObject(ofClass: HKGlassesPrescription.self, from: data))
    #expect(back == glasses)
    #expect(back.rightEye == glasses.rightEye)
    #expect(back.dateIssued == glasses.dateIssued)
  }
}
