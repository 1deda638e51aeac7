import { describe, expect, it } from 'vitest'
import { svgProblems } from './check.ts'

const ROOT = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'

describe('svgProblems (the well-formedness checker the other tests rely on)', () => {
  it('accepts a small valid document', () => {
    expect(
      svgProblems(
        `${ROOT}<g fill="url(#a)"><rect width="1" height="1"/></g><text>A &amp; B &lt;3</text></svg>`,
      ),
    ).toEqual([])
  })

  it('finds unbalanced and misnested tags', () => {
    expect(svgProblems(`${ROOT}<g><rect/></svg>`).join()).toMatch(/closes <g>/)
    expect(svgProblems(`${ROOT}<g>`).join()).toMatch(/unclosed/)
    expect(svgProblems(`${ROOT}</svg><svg></svg>`).join()).toMatch(/2 root elements/)
    expect(svgProblems(`${ROOT}<rect width="1"`).join()).toMatch(/unterminated/)
  })

  it('finds unescaped text and malformed attributes', () => {
    expect(svgProblems(`${ROOT}<text>Tom & Jerry</text></svg>`).join()).toMatch(/unescaped "&"/)
    expect(svgProblems(`${ROOT}<text>a > b</text></svg>`).join()).toMatch(/unescaped ">"/)
    expect(svgProblems(`${ROOT}<rect width=1/></svg>`).join()).toMatch(/malformed attribute/)
    expect(svgProblems(`${ROOT}<rect x="1" x="2"/></svg>`).join()).toMatch(/duplicate attribute/)
    expect(svgProblems(`${ROOT}<rect title="a<b"/></svg>`).join()).toMatch(/"<" in attribute/)
  })

  it('finds anything that could run or load something', () => {
    expect(svgProblems(`${ROOT}<script>alert(1)</script></svg>`).join()).toMatch(/forbidden element <script>/)
    expect(svgProblems(`${ROOT}<foreignObject/></svg>`).join()).toMatch(/forbidden/)
    expect(svgProblems(`${ROOT}<rect onclick="x()"/></svg>`).join()).toMatch(/event handler/)
    expect(svgProblems(`${ROOT}<rect fill="url(https://x.test/a)"/></svg>`).join()).toMatch(/external url/)
    expect(svgProblems(`${ROOT}<image href="https://x.test/a.png"/></svg>`).join()).toMatch(
      /external reference/,
    )
  })

  it('requires a standalone root', () => {
    const problems = svgProblems('<svg viewBox="0 0 1 1"></svg>').join()
    expect(problems).toMatch(/xmlns/)
    expect(problems).toMatch(/without width/)
    expect(svgProblems('<g></g>').join()).toMatch(/not <svg>/)
  })
})
