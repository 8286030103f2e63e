package sentence

import "testing"

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"The deposit may not exceed two months' rent", 8},
		{"§ 4 — notice", 4}, // space-separated runs, punctuation included, as before
		{"12.3", 1},
		{"المادة ١٢: يجوز إنهاء العقد.", 5},
		{"个体工商户的债务", 8},
		{"个体工商户的债务，个人经营的，以个人财产承担。", 20}, // ，and 。 are not words
		{"第56条　规定", 5},       // 第, 56, 条, 规, 定
		{"依照 GDPR 第5条", 6},   // 依, 照, GDPR, 第, 5, 条
		{"債務は誰が負担しますか", 11},  // kanji and kana
		{"채무는 누가 부담합니까", 10}, // each hangul syllable
	}
	for _, tc := range tests {
		if got := Words(tc.in); got != tc.want {
			t.Errorf("Words(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}
