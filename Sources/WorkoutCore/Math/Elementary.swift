#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

private func libmExp(_ x: Double) -> Double { exp(x) }
private func libmLog(_ x: Double) -> Double { log(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmAtan(_ x: Double) -> Double { atan(x) }
private func libmSqrt(_ x: Double) -> Double { sqrt(x) }
private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// Elementary functions for the pure models, taken from the platform's C math library (libm).
///
/// The standard library has no `exp`, `log` or trigonometric functions, so this is the one place
/// the core touches the C library, and only its pure math: no clock, no I/O, no global state.
/// All functions are IEEE 754 double precision.
public enum Elementary {
  /// e raised to `x`.
  ///
  /// Below ``expUnderflow`` the result is +0 without calling libm: e^x is then less than half
  /// the smallest subnormal double (2⁻¹⁰⁷⁴ = e^−744.44, so anything below e^−745.14 rounds to
  /// +0), which libm also returns, but only after its underflow path (it raises the underflow
  /// exception and sets `errno`), the dearest part of a heart-rate decay over hours of rest.
  /// The value is the same bit for bit.
  public static func exp(_ x: Double) -> Double { x < expUnderflow ? 0 : libmExp(x) }

  /// The argument below which ``exp(_:)`` is +0 in double precision: −746, a little under
  /// ln(2⁻¹⁰⁷⁵) = −745.133 (the rounding boundary to +0).
  static let expUnderflow: Double = -746

  /// Natural logarithm of `x` (x > 0).
  public static func log(_ x: Double) -> Double { libmLog(x) }

  /// Cosine of `x` radians.
  public static func cos(_ x: Double) -> Double { libmCos(x) }

  /// Sine of `x` radians.
  public static func sin(_ x: Double) -> Double { libmSin(x) }

  /// Arc tangent of `x`, in radians.
  public static func atan(_ x: Double) -> Double { libmAtan(x) }

  /// Square root of `x`.
  public static func sqrt(_ x: Double) -> Double { libmSqrt(x) }

  /// `x` raised to the power `y`.
  public static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }

  /// Arc tangent of `y / x` in the correct quadrant, in radians.
  public static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
}
