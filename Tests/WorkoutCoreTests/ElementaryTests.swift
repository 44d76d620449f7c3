import Testing

@testable import WorkoutCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Elementary.exp` answers +0 below −746 without calling libm; everywhere else it is libm's.
@Suite struct ElementaryTests {
  /// e^−746 is below half the smallest subnormal (2⁻¹⁰⁷⁴ ≈ 4.94e−324 = e^−744.44; half of it is
  /// e^−745.13), so it rounds to +0, as does everything below it.
  @Test(arguments: [-746.0, -746.5, -800, -1e6, -Double.greatestFiniteMagnitude, -Double.infinity])
  func belowTheUnderflowBoundIsPositiveZero(x: Double) {
    let value = Elementary.exp(x)
    #expect(value == 0)
    #expect(value.sign == .plus)
  }

  /// Just above the bound libm is still called: e^−745.0 = 2^−1074.79 rounds to the smallest
  /// subnormal, 2⁻¹⁰⁷⁴ (`Double.leastNonzeroMagnitude`); e^−745.5 = 2⁻¹⁰⁷⁵·⁵³ rounds to +0.
  @Test func justAboveTheBoundIsLibmsValue() {
    #expect(Elementary.exp(-745.0) == .leastNonzeroMagnitude)
    #expect(Elementary.exp(-745.5) == 0)
    for x in stride(from: -745.9, through: -700, by: 0.37) {
      #expect(Elementary.exp(x).bitPattern == exp(x).bitPattern)
    }
  }
}
