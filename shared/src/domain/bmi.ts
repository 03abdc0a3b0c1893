/** BMI = weight / height(m)^2 to one decimal; null when not finite (SPEC.md §4, §5). */
export function bmi(heightCm: number, weightKg: number): number | null {
  const m = heightCm / 100;
  const value = weightKg / (m * m);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 10) / 10;
}

/** Category label; 'Extermely Obese' keeps the product's spelling. */
export function bmiLabel(value: number | null): string {
  if (value === null || value <= 0) return '';
  if (value <= 18.5) return 'Underweight';
  if (value <= 24.5) return 'Healthy';
  if (value <= 29.5) return 'Overweight';
  if (value <= 39.5) return 'Obese';
  return 'Extermely Obese';
}
