import Foundation
import Testing

@testable import SimulatedHealthKit

/// `HKError`: its codes (iOS 18 SDK `HKDefines.h`, PyObjC `test_hkdefines.py`), its domain
/// (`"com.apple.healthkit"`, the domain HealthKit's own errors carry) and the ways app code
/// catches it.
@Suite struct ValuesErrorTests {
  private static let message = "Unable to perform 'pause' from current state 'notStarted'"

  private func failing(_ code: HKError.Code) throws {
    throw HKError(code, Self.message)
  }

  @Test func everyCodeHasTheSDKsRawValue() {
    var found: [String: Int] = [:]
    for raw in -1...40 {
      if let code = HKError.Code(rawValue: raw) { found[String(describing: code)] = raw }
    }
    #expect(
      found == [
        "unknownError": 0, "errorHealthDataUnavailable": 1, "errorHealthDataRestricted": 2,
        "errorInvalidArgument": 3, "errorAuthorizationDenied": 4,
        "errorAuthorizationNotDetermined": 5, "errorDatabaseInaccessible": 6,
        "errorUserCanceled": 7, "errorAnotherWorkoutSessionStarted": 8,
        "errorUserExitedWorkoutSession": 9, "errorRequiredAuthorizationDenied": 10,
        "errorNoData": 11, "errorWorkoutActivityNotAllowed": 12, "errorDataSizeExceeded": 13,
        "errorBackgroundWorkoutSessionNotAllowed": 14, "errorNotPermissibleForGuestUserMode": 15,
      ])
  }

  @Test func catchByCodePattern() {
    var caught = ""
    do {
      try failing(.errorInvalidArgument)
    } catch HKError.errorNoData {
      caught = "noData"
    } catch HKError.errorInvalidArgument {
      caught = "invalidArgument"
    } catch {
      caught = "other"
    }
    #expect(caught == "invalidArgument")
    // A non-HealthKit error matches no code.
    struct Other: Error {}
    #expect(!(HKError.errorInvalidArgument ~= Other()))
  }

  @Test func bridgesToNSError() {
    do {
      try failing(.errorInvalidArgument)
      Issue.record("did not throw")
    } catch {
      let nsError = error as NSError
      #expect(nsError.domain == "com.apple.healthkit")
      #expect(nsError.domain == HKErrorDomain)
      #expect(HKError.errorDomain == "com.apple.healthkit")
      #expect(nsError.code == 3)
      #expect(error.localizedDescription == Self.message)
      let typed = error as? HKError
      #expect(typed?.code == .errorInvalidArgument)
      #expect(typed?.localizedDescription == Self.message)
    }
  }

  @Test func catchAsTypedError() {
    do {
      try failing(.errorAnotherWorkoutSessionStarted)
    } catch let error as HKError where error.code == .errorAnotherWorkoutSessionStarted {
      #expect((error as NSError).code == 8)
    } catch {
      Issue.record("wrong error \(error)")
    }
  }

  @Test func userInfoInitializerReadsTheDescription() {
    let error = HKError(.errorNoData, userInfo: [NSLocalizedDescriptionKey: "No data available"])
    #expect(error.localizedDescription == "No data available")
    #expect(error.errorCode == 11)
    #expect(HKError(.errorNoData).errorUserInfo.isEmpty)
    #expect(error == HKError(.errorNoData, "No data available"))
    #expect(error != HKError(.errorNoData, "other text"))
  }
}
