package ingest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestChineseHeading(t *testing.T) {
	tests := []struct {
		line string
		want string // "kind|number|label|titled|body", or "" for no heading
	}{
		{"第一编　总则", "book|1|第一编　总则|true|false"},
		{"第一分编　通则", "part|1|第一分编　通则|true|false"},
		{"第一部分 总则", "part|1|第一部分 总则|true|false"},
		{"第二章 自然人", "chapter|2|第二章 自然人|true|false"},
		{"第十一章", "chapter|11|第十一章|false|false"},
		{"第四节　个体工商户和农村承包经营户", "section|4|第四节　个体工商户和农村承包经营户|true|false"},
		{"第五十四条　自然人从事工商业经营，经依法登记，为个体工商户。", "article|54|第五十四条|false|true"},
		{"第十条 民事主体从事民事活动，应当遵守法律。", "article|10|第十条|false|true"},
		{"第一百二十三条", "article|123|第一百二十三条|false|false"},
		{"第二百零五条　本编调整因物的归属和利用产生的民事关系。", "article|205|第二百零五条|false|true"},
		{"第一千二百六十条　本法自2021年1月1日起施行。", "article|1260|第一千二百六十条|false|true"},
		{"第二十条之一　本条规定的情形…", "article|20-1|第二十条之一|false|true"},
		{"第5条 本规定所称网络", "article|5|第5条|false|true"},
		{"第５条　本规定所称网络", "article|5|第５条|false|true"},
		{"第二款　前款规定的期间", "clause|2|第二款|false|true"},
		{"目　　录", "contents||目　　录|true|false"},
		{"中华人民共和国民法典第五十四条　自然人从事工商业经营", "article|54|中华人民共和国民法典第五十四条|false|true"},
		{"最高人民法院关于适用《民法典》有关担保制度的解释第二条　当事人在担保合同中约定", "article|2|最高人民法院关于适用《民法典》有关担保制度的解释第二条|false|true"},
		{"最高人民法院关于审理劳动争议案件适用法律问题的解释（一）第十条　当事人", "article|10|最高人民法院关于审理劳动争议案件适用法律问题的解释（一）第十条|false|true"},
		// References and sentences
		{"依照本法第十条的规定，当事人可以申请。", ""},
		{"第十条的规定不适用于此种情形。", ""},
		{"第三章第二节规定的期间", ""},
		{"第一章　本章所称的期间，依照本法计算。", ""}, // a chapter has a title, not a sentence
		{"第零条　无", ""},
		{"第条　无", ""},
		{"本法第十条　规定的期间", ""},
		{"违反民法典第十条　的规定", ""},
		{"民事主体第五条　从事民事活动", ""},             // not the title of a law
		{"中华人民共和国民法典第五十四条 自然人从事工商业经营", ""}, // a law's title and article name need the full-width space
		{"中华人民共和国民法典第二章　自然人", ""},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got := ""
			if c, ok := chineseHeading(tt.line); ok {
				got = strings.Join([]string{c.kind, c.number, tt.line[:c.label], boolString(c.titled), boolString(c.body)}, "|")
			}
			if got != tt.want {
				t.Errorf("chineseHeading(%q) = %q, want %q", tt.line, got, tt.want)
			}
		})
	}
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func TestChineseNumeral(t *testing.T) {
	tests := map[string]int{"一": 1, "十": 10, "十五": 15, "二十": 20, "一百零五": 105, "一百一十": 110,
		"两千": 2000, "一千二百六十": 1260, "54": 54, "５４": 54, "零": 0, "": 0}
	for s, want := range tests {
		got, n := chineseNumeral(s + "条")
		if got != want || want > 0 && n != len(s) {
			t.Errorf("chineseNumeral(%q) = %d, %d bytes; want %d", s+"条", got, n, want)
		}
	}
}

// A statute as officially printed: a table of contents, then books,
// parts, chapters and sections, articles running into their text after a
// full-width space, paragraphs and items on lines of their own, and a
// cross-reference at the start of a wrapped line.
const chineseStatute = "中华人民共和国民法典\n" +
	"目　　录\n" +
	"第一编　总　　则\n第一章　基本规定\n第二章　自然人\n第一节　民事权利能力和民事行为能力\n第二节　监护\n" +
	"第三编　合　　同\n第一分编　通　　则\n第一章　一般规定\n\n" +
	"第一编　总　　则\n" +
	"第一章　基本规定\n" +
	"第一条　为了保护民事主体的合法权益，调整民事关系，维护社会和经济秩序，适应中国特色社会主义发展要求，弘扬社会主义核心价值观，根据宪法，制定本法。\n" +
	"第二条　民法调整平等主体的自然人、法人和非法人组织之间的人身关系和财产关系。\n" +
	"第二章　自然人\n" +
	"第一节　民事权利能力和民事行为能力\n" +
	"第十三条　自然人从出生时起到死亡时止，具有民事权利能力，依法享有民事权利，承担民事义务。\n" +
	"第十四条　自然人的民事权利能力一律平等。\n" +
	"第二节　监护\n" +
	"第二十七条　父母是未成年子女的监护人。\n" +
	"未成年人的父母已经死亡或者没有监护能力的，由下列有监护能力的人按顺序担任监护人：\n" +
	"（一）祖父母、外祖父母；\n（二）兄、姐；\n" +
	"（三）其他愿意担任监护人的个人或者组织，但是须经未成年人住所地的居民委员会、村民委员会或者民政部门同意。\n" +
	"第三十一条　对监护人的确定有争议的，由被监护人住所地的居民委员会、村民委员会或者民政部门指定监护人。依据本条\n" +
	"第一款规定指定监护人前，被监护人的人身权利处于无人保护状态的，由民政部门担任临时监护人。\n" +
	"第三编　合　　同\n" +
	"第一分编　通　　则\n" +
	"第一章　一般规定\n" +
	"第四百六十三条　本编调整因合同产生的民事关系。\n" +
	"第四百六十五条　依法成立的合同，受法律保护。\n" +
	"依法成立的合同，仅对当事人具有法律约束力，但是法律另有规定的除外。\n"

func TestChineseStructure(t *testing.T) {
	var got []string
	for _, h := range Structure(chineseStatute, nil) {
		got = append(got, h.Kind+"|"+h.Number+"|"+strings.Join(h.Path, " › "))
	}
	want := []string{
		"contents||目 录",
		"book|1|第一编 总 则",
		"chapter|1|第一编 总 则 › 第一章 基本规定",
		"article|1|第一编 总 则 › 第一章 基本规定 › 第一条",
		"article|2|第一编 总 则 › 第一章 基本规定 › 第二条",
		"chapter|2|第一编 总 则 › 第二章 自然人",
		"section|1|第一编 总 则 › 第二章 自然人 › 第一节 民事权利能力和民事行为能力",
		"article|13|第一编 总 则 › 第二章 自然人 › 第一节 民事权利能力和民事行为能力 › 第十三条",
		"article|14|第一编 总 则 › 第二章 自然人 › 第一节 民事权利能力和民事行为能力 › 第十四条",
		"section|2|第一编 总 则 › 第二章 自然人 › 第二节 监护",
		"article|27|第一编 总 则 › 第二章 自然人 › 第二节 监护 › 第二十七条",
		"article|31|第一编 总 则 › 第二章 自然人 › 第二节 监护 › 第三十一条", // "第一款规定…" goes on with its sentence
		"book|3|第三编 合 同",
		"part|1|第三编 合 同 › 第一分编 通 则",
		"chapter|1|第三编 合 同 › 第一分编 通 则 › 第一章 一般规定",
		"article|463|第三编 合 同 › 第一分编 通 则 › 第一章 一般规定 › 第四百六十三条",
		"article|465|第三编 合 同 › 第一分编 通 则 › 第一章 一般规定 › 第四百六十五条",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("headings (-want +got):\n%s", diff)
	}
}

// TestChineseChunks: each article is a chunk of its own, its heading path
// naming the article as the statute does, the chapter and section heading
// above an article starting its chunk.
func TestChineseChunks(t *testing.T) {
	ex := Extracted{Text: chineseStatute, Language: DetectLanguage(chineseStatute)}
	opts := ChunkOptions{Min: 1} // every article apart, however short
	chunks := Chunks(evidenceDoc("民法典.txt"), ex, opts)
	checkChunks(t, ex, chunks, opts)
	var got []string
	for _, c := range chunks[2:] { // after the title and the table of contents
		got = append(got, strings.Join(c.Locator.HeadingPath, " › "))
		if c.Language != "zh" {
			t.Errorf("chunk %q has language %q, want zh", c.Text, c.Language)
		}
	}
	want := []string{
		"第一编 总 则 › 第一章 基本规定 › 第一条",
		"第一编 总 则 › 第一章 基本规定 › 第二条",
		"第一编 总 则 › 第二章 自然人 › 第一节 民事权利能力和民事行为能力 › 第十三条",
		"第一编 总 则 › 第二章 自然人 › 第一节 民事权利能力和民事行为能力 › 第十四条",
		"第一编 总 则 › 第二章 自然人 › 第二节 监护 › 第二十七条",
		"第一编 总 则 › 第二章 自然人 › 第二节 监护 › 第三十一条",
		"第三编 合 同 › 第一分编 通 则 › 第一章 一般规定 › 第四百六十三条",
		"第三编 合 同 › 第一分编 通 则 › 第一章 一般规定 › 第四百六十五条",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("chunk heading paths (-want +got):\n%s", diff)
	}
	if first := chunks[2].Text; !strings.HasPrefix(first, "第一编　总　　则\n第一章　基本规定\n第一条　为了保护") {
		t.Errorf("the first article's chunk should start with its book and chapter: %q", first)
	}
	if item := chunks[6].Text; !strings.HasPrefix(item, "第二节　监护\n第二十七条") || !strings.Contains(item, "（三）其他愿意担任监护人") {
		t.Errorf("an article's paragraphs and items should stay in its chunk: %q", item)
	}
}

// TestChineseCompilation: a compilation prints each article under the
// law's full name, one block per article, as legal databases export them.
func TestChineseCompilation(t *testing.T) {
	text := "中华人民共和国民法典第五十四条　自然人从事工商业经营，经依法登记，为个体工商户。个体工商户可以起字号。\n\n" +
		"中华人民共和国民法典第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。\n" +
		"农村承包经营户的债务，以从事农村土地承包经营的农户财产承担。\n\n" +
		"最高人民法院关于适用《民法典》有关担保制度的解释第二条　当事人在担保合同中约定担保合同的效力独立于主合同，" +
		"或者约定担保人对主合同无效的法律后果承担担保责任，该有关担保独立性的约定无效。\n"
	ex := Extracted{Text: text}
	chunks := Chunks(evidenceDoc("law.txt"), ex, ChunkOptions{})
	checkChunks(t, ex, chunks, ChunkOptions{})
	var got []string
	for _, c := range chunks {
		got = append(got, strings.Join(c.Locator.HeadingPath, " › "))
	}
	want := []string{"中华人民共和国民法典第五十四条", "中华人民共和国民法典第五十六条", "最高人民法院关于适用《民法典》有关担保制度的解释第二条"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("chunk heading paths (-want +got):\n%s", diff)
	}
}
