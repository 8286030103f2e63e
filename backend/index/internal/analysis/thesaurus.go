package analysis

import (
	"slices"
	"strings"

	bleveanalysis "github.com/blevesearch/bleve/v2/analysis"
)

// Questions and the clauses that answer them often use different words: one
// asks when an agreement expires, the clause says it "shall continue until"
// a date; one asks about a covenant not to sue, the clause says a party
// "shall not challenge" a patent. A small thesaurus of general legal
// vocabulary adds, for a query word, the words a drafter would use instead,
// at a low weight (relatedBoost, where the index plans a query), so they
// decide between chunks that hold few query words without outranking those
// that hold the query's own.
//
// Each line is "query words: related words". The words are analysed like the
// text (so "expiration" also covers "expire" and "expiry"). It is English
// only; lines describe general drafting usage, not any one corpus.
const legalThesaurus = `
expiration expire expiry: term continue renew duration
duration: term period continue months years
term: duration period expire continue
renew renewal: extend extension successive automatically term
sue suit: challenge contest action claim proceeding litigation
lawsuit litigation: action claim proceeding suit court
challenge: contest dispute sue
audit: inspect inspection examine records books accounts
inspect inspection: audit examine access records
records: books accounts audit
assign assignment: transfer delegate successor assignee
transfer: assign convey delegate
delegate: assign subcontract transfer
license licence: grant right use sublicense
grant: license right confer
sublicense: license sublicensee grant
terminate termination: end cancel expire rescind
cancel cancellation: terminate rescind end
convenience: reason cause notice discretion
compete competition competitor: compete competitive engage similar business rival
solicit solicitation: induce recruit hire employ entice
hire: employ engage solicit recruit
exclusive exclusivity: sole solely only exclusively
revenue: royalty proceeds sales income fees commission
profit: royalty share proceeds percentage margin
royalty: fee percentage sales payment
share sharing: percentage portion split divide
price pricing: fee charge cost rate
cost: expense fee charge price
fee: charge payment price compensation
payment pay: fee compensation remit invoice
liability liable: damages responsible indemnify limitation
damages: liability loss compensation
cap: limit maximum exceed aggregate limitation
limit limitation: cap maximum exceed restrict
uncapped unlimited: exceed limitation exclude excluded notwithstanding
indemnify indemnification indemnity: defend hold harmless losses claims
warranty warranties: warrant represent guarantee defect
guarantee: warranty warrant assure
insurance: insure insured coverage policy insurer
control: merger acquisition acquire ownership voting
merger: consolidation acquisition reorganization control
acquisition: merger acquire purchase control
law: governed construed jurisdiction laws
governing: governed construed laws
jurisdiction: court venue courts forum arbitration
dispute: arbitration claim controversy court
arbitration: arbitrator arbitral tribunal dispute
notice: notify written days prior
notify notification: notice inform written
confidential confidentiality: secret proprietary disclose disclosure nondisclosure
disclose disclosure: reveal confidential divulge
own ownership owner: title property vest belong proprietary
intellectual: patent copyright trademark invention proprietary
property: title ownership assets
joint jointly: co-owned shared together both
escrow: deposit agent release
source: code escrow
minimum: least commitment purchase quota threshold
commitment: minimum obligation purchase undertake
volume: quantity amount units limit maximum
quantity: volume amount units number
beneficiary beneficiaries: third enforce benefit
disparage disparagement: defame derogatory negative statements reputation
refusal: first offer right negotiation
offer: bid proposal first refusal
favored favoured: favorable favourable better lowest terms
affiliate affiliates: subsidiary subsidiaries controlled control
subsidiary: affiliate controlled parent
irrevocable: perpetual permanent fully
perpetual: irrevocable indefinitely permanent
effective: commence commencement dated date
date: dated effective day
commence commencement: effective begin start
post-termination: transition survive after termination
transition: wind orderly cooperate assistance
survive survival: continue termination expiration
employee employees: personnel staff employ
employer: employ employee
dismiss dismissal: terminate termination discharge
salary wage wages: remuneration compensation pay
compensation: remuneration payment pay salary
breach: default violate violation failure
default: breach failure insolvency
penalty: liquidated damages fine
liquidated: damages penalty
force majeure: beyond control act god
tax taxes: duty levy withholding
`

// Thesaurus maps an analysed query term to analysed related terms.
type Thesaurus map[string][]string

// NewThesaurus analyses legalThesaurus with the English analyzer a.
func NewThesaurus(a bleveanalysis.Analyzer) Thesaurus {
	t := Thesaurus{}
	terms := func(s string) []string {
		var ts []string
		for _, tok := range a.Analyze([]byte(s)) {
			ts = append(ts, string(tok.Term))
		}
		return ts
	}
	for _, line := range strings.Split(legalThesaurus, "\n") {
		keys, related, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		rel := terms(related)
		for _, k := range terms(keys) {
			for _, r := range rel {
				if r != k && !slices.Contains(t[k], r) {
					t[k] = append(t[k], r)
				}
			}
		}
	}
	return t
}
