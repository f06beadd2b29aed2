package jsruntime

// propertyGrammars are the value grammars of properties (cssgrammar.go),
// from the CSS specifications as Chromium 156 parses them; a key names
// one or more properties (a -webkit- alias that is a property of its own
// in the table shares its standard property's grammar). The other
// properties are checked by normalizeValue's own cases only, or not at
// all. testdata/wpt/known47-value-validity.html compares the answers with
// Chromium's for every property.
var propertyGrammars = map[string]string{
	// the descriptors of at-rules, which the style declaration exposes
	// but no declaration takes
	`additive-symbols ascent-override base-palette descent-override fallback font-display inherits
	initial-value line-gap-override navigation negative override-colors pad prefix range result
	size-adjust speak-as src suffix symbols syntax system types unicode-range`: `<never>`,

	// box model and sizing
	`width height min-width min-height block-size inline-size min-block-size min-inline-size
	-webkit-logical-width -webkit-logical-height -webkit-min-logical-width -webkit-min-logical-height`: `auto | <length-percentage0> | <sizing> | <anchor>`,
	`max-width max-height max-block-size max-inline-size -webkit-max-logical-width -webkit-max-logical-height`: `none | <length-percentage0> | <sizing> | <anchor>`,
	`padding-top padding-right padding-bottom padding-left padding-block-start padding-block-end
	padding-inline-start padding-inline-end -webkit-padding-after -webkit-padding-before -webkit-padding-end
	-webkit-padding-start shape-margin -webkit-shape-margin`: `<length-percentage0>`,
	`padding`:                      `<length-percentage0>{1,4}`,
	`padding-block padding-inline`: `<length-percentage0>{1,2}`,
	`margin-top margin-right margin-bottom margin-left margin-block-start margin-block-end margin-inline-start
	margin-inline-end -webkit-margin-after -webkit-margin-before -webkit-margin-end -webkit-margin-start
	top right bottom left inset-block-start inset-block-end inset-inline-start inset-inline-end`: `auto | <length-percentage> | <anchor>`,
	`margin inset`: `[ auto | <length-percentage> | <anchor> ]{1,4}`,
	`margin-block margin-inline inset-block inset-inline`: `[ auto | <length-percentage> | <anchor> ]{1,2}`,
	`aspect-ratio`: `auto || [ <number0> [ / <number0> ]? ]`,

	// borders and outline
	`border-top-width border-right-width border-bottom-width border-left-width border-block-start-width
	border-block-end-width border-inline-start-width border-inline-end-width outline-width
	-webkit-border-after-width -webkit-border-before-width -webkit-border-end-width -webkit-border-start-width
	-webkit-text-stroke-width`: `<line-width>`,
	`column-rule-width -webkit-column-rule-width row-rule-width rule-width`: `<line-width>#`,
	`border-width`:                           `<line-width>{1,4}`,
	`border-block-width border-inline-width`: `<line-width>{1,2}`,
	`-webkit-border-horizontal-spacing -webkit-border-vertical-spacing`: `<length0>`,
	`border-spacing`: `<length0>{1,2}`,
	`border-top-style border-right-style border-bottom-style border-left-style border-block-start-style
	border-block-end-style border-inline-start-style border-inline-end-style -webkit-border-after-style
	-webkit-border-before-style -webkit-border-end-style -webkit-border-start-style`: `<line-style>`,
	`column-rule-style -webkit-column-rule-style row-rule-style rule-style`: `<line-style>#`,
	`row-rule-color rule-color`: `<color>#`,
	`-webkit-border-after-color -webkit-border-before-color -webkit-border-end-color -webkit-border-start-color
	-webkit-column-rule-color -webkit-text-emphasis-color -webkit-text-fill-color`: `<color>`,
	`border-style`:                           `<line-style>{1,4}`,
	`border-block-style border-inline-style`: `<line-style>{1,2}`,
	`border-color`:                           `<color>{1,4}`,
	`border-block-color border-inline-color`: `<color>{1,2}`,
	`border border-top border-right border-bottom border-left border-block border-inline border-block-start
	border-block-end border-inline-start border-inline-end -webkit-border-after -webkit-border-before
	-webkit-border-end -webkit-border-start`: `<line-width> || <line-style> || <color>`,
	`column-rule -webkit-column-rule row-rule rule`:                                `[ <line-width> || <line-style> || <color> ]#`,
	`column-rule-break row-rule-break rule-break`:                                  `none | normal | spanning-item | intersection`,
	`column-rule-visibility-items row-rule-visibility-items rule-visibility-items`: `normal | all | around | between`,
	`column-rule-inset-start column-rule-inset-end column-rule-inset-cap-start column-rule-inset-cap-end
	column-rule-inset-junction-start column-rule-inset-junction-end row-rule-inset-start row-rule-inset-end
	row-rule-inset-cap-start row-rule-inset-cap-end row-rule-inset-junction-start row-rule-inset-junction-end
	rule-inset-start rule-inset-end`: `<length-percentage>`,
	`column-rule-inset-cap column-rule-inset-junction row-rule-inset-cap row-rule-inset-junction rule-inset-cap
	rule-inset-junction`: `<length-percentage>{1,2}`,
	`column-rule-inset row-rule-inset rule-inset`: `<length-percentage>{1,2} [ / <length-percentage>{1,2} ]?`,
	`outline-style`:  `auto | <line-style>`,
	`outline`:        `<line-width> || [ auto | <line-style> ] || [ <color> | -webkit-focus-ring-color ]`,
	`outline-offset`: `<length>`,
	`border-top-left-radius border-top-right-radius border-bottom-right-radius border-bottom-left-radius
	border-start-start-radius border-start-end-radius border-end-start-radius border-end-end-radius
	-webkit-border-top-left-radius -webkit-border-top-right-radius -webkit-border-bottom-right-radius
	-webkit-border-bottom-left-radius`: `<length-percentage0>{1,2}`,
	`border-radius`: `<length-percentage0>{1,4} [ / <length-percentage0>{1,4} ]?`,
	`border-image-source -webkit-mask-box-image-source`: `none | <image>`,
	`border-image-slice -webkit-mask-box-image-slice`:   `<number-percentage0>{1,4} && fill?`,
	`border-image-width -webkit-mask-box-image-width`:   `[ <length-percentage0> | <number0> | auto ]{1,4}`,
	`border-image-outset -webkit-mask-box-image-outset`: `[ <length0> | <number0> ]{1,4}`,
	`border-image-repeat -webkit-mask-box-image-repeat`: `[ stretch | repeat | round | space ]{1,2}`,
	`box-shadow -webkit-box-shadow`:                     `none | <shadow>#`,
	`text-shadow`:                                       `none | <text-shadow>#`,

	// backgrounds and masks
	`background-image mask-image -webkit-mask-image`:    `[ none | <image> ]#`,
	`background-repeat mask-repeat -webkit-mask-repeat`: `<repeat-style>#`,
	`background-attachment`:                             `[ scroll | fixed | local ]#`,
	`background-clip -webkit-background-clip`:           `[ <visual-box> | border-area | text ]#`,
	`background-origin -webkit-background-origin`:       `[ <visual-box> | content | padding | border ]#`,
	`mask-clip -webkit-mask-clip`:                       `[ <coord-box> | no-clip | content | padding | border ]#`,
	`mask-origin -webkit-mask-origin`:                   `[ <coord-box> | content | padding | border ]#`,
	`mask-mode`:                                         `[ alpha | luminance | match-source ]#`,
	`mask-type`:                                         `luminance | alpha`,
	// -webkit-mask-composite is mask-composite (cssAliases), which keeps its
	// keywords: webkitMaskComposite = 'xor' reads mask-composite: xor
	`mask-composite -webkit-mask-composite`: `[ clear | copy | source-over | source-in | source-out | source-atop | destination-over
		| destination-in | destination-out | destination-atop | xor | plus-lighter | add | subtract | intersect | exclude ]#`,
	`background-size mask-size -webkit-background-size -webkit-mask-size`: `<bg-size>#`,
	`background-position mask-position -webkit-mask-position`:             `<position>#`,
	`object-position`: `<position>`,
	`background`: `[ [ none | <image> ] || <position> [ / <bg-size> ]? || <repeat-style> || [ scroll | fixed | local ]
		|| [ <visual-box> | text | border-area ] || [ <visual-box> | text | border-area ] || <color> ]#`,
	`background-position-x -webkit-mask-position-x`: `[ center | [ left | right | x-start | x-end ] <length-percentage>? | <length-percentage> ]#`,
	`background-position-y -webkit-mask-position-y`: `[ center | [ top | bottom | y-start | y-end ] <length-percentage>? | <length-percentage> ]#`,
	`background-blend-mode`:                         `<blend-mode>#`,
	`mix-blend-mode`:                                `<blend-mode> | plus-darker | plus-lighter`,
	`isolation`:                                     `auto | isolate`,

	// flexbox, grid and alignment
	`flex-grow flex-shrink -webkit-flex-grow -webkit-flex-shrink`: `<number0>`,
	`flex-basis -webkit-flex-basis`:                               `content | auto | <length-percentage0> | <sizing>`,
	`flex -webkit-flex`:                                           `none | [ <number0> <number0>? || [ content | auto | <length-percentage0> | <sizing> ] ]`,
	`flex-flow -webkit-flex-flow`:                                 `[ row | row-reverse | column | column-reverse ] || [ nowrap | wrap | wrap-reverse ]`,
	`order -webkit-order reading-order`:                           `<integer>`,
	`align-content -webkit-align-content`: `normal | <baseline-position> | <content-distribution>
		| <overflow-position>? <content-position>`,
	`justify-content -webkit-justify-content`: `normal | <content-distribution>
		| <overflow-position>? [ <content-position> | left | right ]`,
	`align-items -webkit-align-items`: `normal | stretch | anchor-center | <baseline-position> | <overflow-position>? <self-position>`,
	`align-self -webkit-align-self`:   `auto | normal | stretch | anchor-center | <baseline-position> | <overflow-position>? <self-position>`,
	`justify-items`: `normal | stretch | anchor-center | <baseline-position> | <overflow-position>? [ <self-position> | left | right ]
		| legacy | legacy && [ left | right | center ]`,
	`justify-self`: `auto | normal | stretch | anchor-center | <baseline-position> | <overflow-position>? [ <self-position> | left | right ]`,
	`row-gap column-gap grid-row-gap grid-column-gap -webkit-column-gap`: `normal | <length-percentage0>`,
	`gap grid-gap`: `[ normal | <length-percentage0> ]{1,2}`,
	`grid-row-start grid-row-end grid-column-start grid-column-end`: `<grid-line>`,
	`grid-row grid-column`:             `<grid-line> [ / <grid-line> ]?`,
	`grid-area`:                        `<grid-line> [ / <grid-line> ]{0,3}`,
	`grid-auto-flow`:                   `[ row | column ] || dense`,
	`grid-auto-columns grid-auto-rows`: `<track-size>+`,

	// text and fonts
	`font-size`:   `<absolute-size> | smaller | larger | <length-percentage0> | math`,
	`line-height`: `normal | <number0> | <length-percentage0>`,
	`font-weight`: `normal | bold | bolder | lighter | <number-1000>`,
	`font-style`:  `normal | italic | oblique <angle>?`,
	`font-stretch`: `normal | <percentage0> | ultra-condensed | extra-condensed | condensed | semi-condensed
		| semi-expanded | expanded | extra-expanded | ultra-expanded`,
	`font-kerning`:        `auto | normal | none`,
	`font-optical-sizing`: `auto | none`,
	`font-size-adjust`:    `none | [ ex-height | cap-height | ch-width | ic-width | ic-height ]? [ from-font | <number0> ]`,
	`font-synthesis-weight font-synthesis-style font-synthesis-small-caps`: `auto | none`,
	`font-variant-caps`:           `normal | small-caps | all-small-caps | petite-caps | all-petite-caps | unicase | titling-caps`,
	`font-variant-position`:       `normal | sub | super`,
	`font-variant-emoji`:          `normal | text | emoji | unicode`,
	`letter-spacing word-spacing`: `normal | <length-percentage>`,
	`text-indent`:                 `<length-percentage> && hanging? && each-line?`,
	`text-align-last`:             `auto | start | end | left | right | center | justify | match-parent`,
	`text-overflow`:               `clip | ellipsis`,
	`text-decoration-line`:        `none | [ underline || overline || line-through || blink || spelling-error || grammar-error ]`,
	`text-decoration-style`:       `solid | double | dotted | dashed | wavy`,
	`text-decoration-thickness`:   `auto | from-font | <length-percentage>`,
	`text-underline-offset`:       `auto | <length-percentage>`,
	`text-decoration`: `[ none | [ underline || overline || line-through || blink || spelling-error || grammar-error ] ]
		|| [ solid | double | dotted | dashed | wavy ] || <color> || [ auto | from-font | <length-percentage> ]`,
	`white-space-collapse`:    `collapse | preserve | preserve-breaks | break-spaces`,
	`text-wrap-mode`:          `wrap | nowrap`,
	`text-wrap-style`:         `auto | balance | stable | pretty`,
	`text-wrap`:               `[ wrap | nowrap ] || [ auto | balance | stable | pretty ]`,
	`word-break`:              `normal | keep-all | break-all | break-word | auto-phrase`,
	`overflow-wrap word-wrap`: `normal | break-word | anywhere`,
	`hyphens`:                 `none | manual | auto`,
	`vertical-align`:          `baseline | sub | super | text-top | text-bottom | middle | top | bottom | <length-percentage>`,
	`writing-mode`:            `horizontal-tb | vertical-rl | vertical-lr | sideways-rl | sideways-lr | lr | lr-tb | rl | rl-tb | tb | tb-rl`,
	`-webkit-writing-mode`:    `horizontal-tb | vertical-rl | vertical-lr`,
	`text-orientation -webkit-text-orientation`: `mixed | upright | sideways | sideways-right | vertical-right`,
	`unicode-bidi`: `normal | embed | isolate | bidi-override | isolate-override | plaintext
		| -webkit-isolate | -webkit-isolate-override | -webkit-plaintext`,
	`tab-size`:               `<number0> | <length0>`,
	`text-rendering`:         `auto | optimizespeed | optimizelegibility | geometricprecision`,
	`-webkit-font-smoothing`: `auto | none | antialiased | subpixel-antialiased`,
	`list-style-position`:    `inside | outside`,
	`list-style-image`:       `none | <image>`,
	`list-style-type`:        `<counter-style> | <string> | none`,
	`list-style`:             `<list-style-position> || [ none | <image> ] || [ <counter-style> | <string> ]`,
	`quotes`:                 `auto | none | match-parent | [ <string> <string> ]+`,
	`orphans widows`:         `<integer1>`,

	// transforms, transitions, animations
	`transform -webkit-transform`:                     `none | <transform-function>+`,
	`transform-style -webkit-transform-style`:         `flat | preserve-3d`,
	`transform-box`:                                   `content-box | border-box | fill-box | stroke-box | view-box`,
	`backface-visibility -webkit-backface-visibility`: `visible | hidden`,
	`perspective`:                                     `none | <length0>`,
	`-webkit-perspective`:                             `none | <length0> | <number0>`,
	`rotate`:                                          `none | <angle> | [ x | y | z | <number>{3} ] && <angle>`,
	`scale`:                                           `none | [ <number> | <percentage> ]{1,3}`,
	`translate`:                                       `none | <length-percentage> [ <length-percentage> <length>? ]?`,
	`transition-duration animation-delay transition-delay -webkit-transition-duration -webkit-transition-delay
	-webkit-animation-delay`: `<time>#`,
	`animation-duration -webkit-animation-duration`: `[ auto | <time0> ]#`,
	`transition-timing-function animation-timing-function -webkit-transition-timing-function
	-webkit-animation-timing-function`: `<easing-function>#`,
	`transition-behavior`: `[ normal | allow-discrete ]#`,
	`animation-iteration-count -webkit-animation-iteration-count`: `[ infinite | <number0> ]#`,
	`animation-direction -webkit-animation-direction`:             `[ normal | reverse | alternate | alternate-reverse ]#`,
	`animation-fill-mode -webkit-animation-fill-mode`:             `[ none | forwards | backwards | both ]#`,
	`animation-play-state -webkit-animation-play-state`:           `[ running | paused ]#`,
	`animation-composition`:                                       `[ replace | add | accumulate ]#`,

	// display, positioning, overflow, visibility
	`overflow`:                       `[ visible | hidden | clip | scroll | auto | overlay ]{1,2}`,
	`overflow-block overflow-inline`: `visible | hidden | clip | scroll | auto | overlay`,
	`overflow-anchor`:                `auto | none`,
	// Chromium reads a length first only as a length dimension (not 0, not
	// calc()), and a length after the box of any sign
	`overflow-clip-margin`: `<visual-box> <length>? | <length-dimension> <visual-box>?`,
	`z-index`:              `auto | <integer>`,
	`object-fit`:           `fill | contain | cover | none | scale-down`,
	`caption-side`:         `top | bottom`,
	`empty-cells`:          `show | hide`,
	`cursor`: `[ <image> [ <number> <number> ]? , ]* [ auto | default | none | context-menu | help | pointer | progress | wait
		| cell | crosshair | text | vertical-text | alias | copy | move | no-drop | not-allowed | grab | grabbing
		| e-resize | n-resize | ne-resize | nw-resize | s-resize | se-resize | sw-resize | w-resize | ew-resize
		| ns-resize | nesw-resize | nwse-resize | col-resize | row-resize | all-scroll | zoom-in | zoom-out
		| -webkit-grab | -webkit-grabbing | -webkit-zoom-in | -webkit-zoom-out ]`,
	`appearance -webkit-appearance`: `none | auto | base-select | base | checkbox | radio | push-button | square-button
		| button | inner-spin-button | listbox | media-slider | media-sliderthumb | media-volume-slider
		| media-volume-sliderthumb | menulist | menulist-button | meter | progress-bar | searchfield
		| searchfield-cancel-button | slider-horizontal | slider-vertical | sliderthumb-horizontal
		| sliderthumb-vertical | textarea | textfield | bordered`,
	`opacity fill-opacity stroke-opacity flood-opacity stop-opacity shape-image-threshold -webkit-opacity
	-webkit-shape-image-threshold`: `<number> | <percentage>`,
	`will-change`:        `auto | <custom-ident-feature>#`,
	`contain`:            `none | strict | content | [ [ size | inline-size ] || layout || style || paint ]`,
	`content-visibility`: `visible | auto | hidden`,
	`touch-action`: `auto | none | [ [ pan-x | pan-left | pan-right ] || [ pan-y | pan-up | pan-down ] || pinch-zoom ]
		| manipulation`,
	`scroll-behavior`:     `auto | smooth`,
	`overscroll-behavior`: `[ contain | none | auto ]{1,2}`,
	`overscroll-behavior-x overscroll-behavior-y overscroll-behavior-block overscroll-behavior-inline`: `contain | none | auto`,
	`scroll-snap-type`:  `none | [ x | y | block | inline | both ] [ mandatory | proximity ]?`,
	`scroll-snap-align`: `[ none | start | end | center ]{1,2}`,
	`scroll-snap-stop`:  `normal | always`,
	`scroll-margin-top scroll-margin-right scroll-margin-bottom scroll-margin-left scroll-margin-block-start
	scroll-margin-block-end scroll-margin-inline-start scroll-margin-inline-end`: `<length>`,
	`scroll-margin`: `<length>{1,4}`,
	`scroll-margin-block scroll-margin-inline`: `<length>{1,2}`,
	`scroll-padding-top scroll-padding-right scroll-padding-bottom scroll-padding-left scroll-padding-block-start
	scroll-padding-block-end scroll-padding-inline-start scroll-padding-inline-end`: `auto | <length-percentage0>`,
	`scroll-padding`: `[ auto | <length-percentage0> ]{1,4}`,
	`scroll-padding-block scroll-padding-inline`: `[ auto | <length-percentage0> ]{1,2}`,
	`scrollbar-width`:          `auto | thin | none`,
	`scrollbar-gutter`:         `auto | stable && both-edges?`,
	`scrollbar-color`:          `auto | <color>{2}`,
	`accent-color caret-color`: `auto | <color>`,
	`color-scheme`:             `normal | [ light | dark | <custom-ident-scheme> ]+ && only?`,
	`forced-color-adjust`:      `auto | none | preserve-parent-color`,
	`print-color-adjust -webkit-print-color-adjust`: `economy | exact`,
	`image-rendering`:   `auto | smooth | high-quality | crisp-edges | pixelated | -webkit-optimize-contrast`,
	`image-orientation`: `from-image | none`,

	// columns and fragmentation
	`column-count -webkit-column-count`:  `auto | <integer1>`,
	`column-width -webkit-column-width`:  `auto | <length0>`,
	`columns -webkit-columns`:            `[ [ auto | <integer1> ] || [ auto | <length0> ] ] [ / [ auto | <length0> ] ]?`,
	`column-height`:                      `auto | <length0>`,
	`column-wrap`:                        `auto | nowrap | wrap`,
	`column-span -webkit-column-span`:    `none | all`,
	`column-fill`:                        `auto | balance`,
	`break-before break-after`:           `auto | avoid | avoid-page | page | left | right | recto | verso | avoid-column | column`,
	`break-inside`:                       `auto | avoid | avoid-page | avoid-column`,
	`page-break-before page-break-after`: `auto | always | avoid | left | right`,
	`page-break-inside`:                  `auto | avoid`,

	// filters, clipping, SVG
	`filter backdrop-filter -webkit-filter`:     `none | [ <filter-function> | <url> ]+`,
	`clip-path -webkit-clip-path`:               `none | <url> | <basic-shape> || <geometry-box>`,
	`shape-outside -webkit-shape-outside`:       `none | [ <basic-shape> || <shape-box> ] | <image>`,
	`marker marker-start marker-mid marker-end`: `none | <url>`,
	`fill stroke`:         `none | <color> | <url> [ none | <color> ]? | context-fill | context-stroke`,
	`fill-rule clip-rule`: `nonzero | evenodd`,
	`stroke-width`:        `<length-percentage0> | <number0>`,
	`stroke-dashoffset`:   `<length-percentage> | <number>`,
	`stroke-miterlimit`:   `<number0>`,
	`stroke-linecap`:      `butt | round | square`,
	`stroke-linejoin`:     `miter | round | bevel`,
	`cx cy x y`:           `<length-percentage> | <number>`,
	`r`:                   `<length-percentage0> | <number0>`,
	`rx ry`:               `auto | <length-percentage0> | <number0>`,
	`vector-effect`:       `none | non-scaling-stroke`,
	`paint-order`:         `normal | [ fill || stroke || markers ]`,
	`shape-rendering`:     `auto | optimizespeed | crispedges | geometricprecision`,
	`text-anchor`:         `start | middle | end`,
	`color-interpolation color-interpolation-filters`: `auto | srgb | linearrgb`,
	`dominant-baseline`: `auto | alphabetic | ideographic | middle | central | mathematical | hanging | text-before-edge
		| text-after-edge | text-top | text-bottom | use-script | no-change | reset-size`,
	`alignment-baseline`: `auto | baseline | alphabetic | ideographic | middle | central | mathematical | before-edge
		| text-before-edge | after-edge | text-after-edge | hanging | text-top | text-bottom`,
	`baseline-shift`:  `baseline | sub | super | <length-percentage> | <number>`,
	`offset-rotate`:   `[ auto | reverse ] || <angle>`,
	`offset-distance`: `<length-percentage>`,
	`transform-origin -webkit-transform-origin`: `[ left | center | right | top | bottom | <length-percentage> ]
		| [ left | center | right | <length-percentage> ] [ top | center | bottom | <length-percentage> ] <length>?
		| [ [ center | left | right ] && [ center | top | bottom ] ] <length>?`,
	`perspective-origin -webkit-perspective-origin`: `<position>`,
	`zoom`:                                  `normal | <number0> | <percentage0> | reset`,
	`counter-increment counter-set`:         `none | [ <counter-name> <integer>? ]+`,
	`counter-reset`:                         `none | [ <counter-name> <integer>? | <counter-reversed> <integer>? ]+`,
	`view-transition-name`:                  `none | match-element | <custom-ident-noauto>`,
	`animation-name -webkit-animation-name`: `[ none | <custom-ident> | <string> ]#`,
	`transition-property -webkit-transition-property`: `none | [ all | <custom-ident> ]#`,
	`content`: `normal | none | [ <content-item>+ ] [ / [ <string> | <counter> | attr() ]+ ]?`,
}

// grammarAliases are named sub-grammars a property grammar refers to as
// <name>, written out when grammars are parsed.
var grammarAliases = map[string]string{
	"sizing": `min-content | max-content | fit-content | stretch | -webkit-fill-available
		| -webkit-min-content | -webkit-max-content | -webkit-fit-content | calc-size()`,
	"anchor":       `anchor() | anchor-size()`,
	"line-width":   `<length0> | thin | medium | thick`,
	"line-style":   `none | hidden | dotted | dashed | solid | double | groove | ridge | inset | outset`,
	"shadow":       `inset? && [ <length>{2} <length0>? <length>? ] && <color>?`,
	"text-shadow":  `[ <length>{2} <length0>? ] && <color>?`,
	"repeat-style": `repeat-x | repeat-y | [ repeat | space | round | no-repeat ]{1,2}`,
	"visual-box":   `content-box | padding-box | border-box`,
	"coord-box":    `content-box | padding-box | border-box | fill-box | stroke-box | view-box`,
	"bg-size":      `[ <length-percentage0> | auto ]{1,2} | cover | contain`,
	"position": `[ left | center | right | top | bottom | x-start | x-end | y-start | y-end | <length-percentage> ]
		| [ left | center | right | x-start | x-end | <length-percentage> ] [ top | center | bottom | y-start | y-end | <length-percentage> ]
		| [ center | [ left | right | x-start | x-end ] <length-percentage>? ] && [ center | [ top | bottom | y-start | y-end ] <length-percentage>? ]`,
	"blend-mode": `normal | multiply | screen | overlay | darken | lighten | color-dodge | color-burn | hard-light
		| soft-light | difference | exclusion | hue | saturation | color | luminosity`,
	"baseline-position":    `[ first | last ]? baseline`,
	"content-distribution": `space-between | space-around | space-evenly | stretch`,
	"overflow-position":    `unsafe | safe`,
	"content-position":     `center | start | end | flex-start | flex-end`,
	"self-position":        `center | start | end | self-start | self-end | flex-start | flex-end`,
	"grid-line": `auto | <custom-ident-grid> | [ <integer-nonzero> && <custom-ident-grid>? ]
		| [ span && [ <integer1> || <custom-ident-grid> ] ]`,
	"track-size":          `<length-percentage0> | <flex> | min-content | max-content | auto | minmax() | fit-content()`,
	"absolute-size":       `xx-small | x-small | small | medium | large | x-large | xx-large | xxx-large | -webkit-xxx-large`,
	"list-style-position": `inside | outside`,
	"counter-style":       `<custom-ident> | symbols()`,
	"transform-function": `matrix() | matrix3d() | translate() | translatex() | translatey() | translatez() | translate3d()
		| scale() | scalex() | scaley() | scalez() | scale3d() | rotate() | rotatex() | rotatey() | rotatez()
		| rotate3d() | skew() | skewx() | skewy() | perspective()`,
	"easing-function": `linear | ease | ease-in | ease-out | ease-in-out | step-start | step-end | linear()
		| cubic-bezier() | steps()`,
	"filter-function": `blur() | brightness() | contrast() | drop-shadow() | grayscale() | hue-rotate() | invert()
		| opacity() | saturate() | sepia()`,
	"basic-shape":  `inset() | circle() | ellipse() | polygon() | path() | rect() | xywh() | shape()`,
	"geometry-box": `margin-box | border-box | padding-box | content-box | fill-box | stroke-box | view-box`,
	"shape-box":    `margin-box | border-box | padding-box | content-box`,
	"content-item": `<string> | <image> | counter() | counters() | attr() | open-quote | close-quote | no-open-quote
		| no-close-quote | -webkit-image-set()`,
	"counter-reversed":    `reversed()`,
	"counter-name":        `<custom-ident-nonone>`,
	"counter":             `counter() | counters()`,
	"family":              `<string> | <ident>+`,
	"corner-shape":        `round | scoop | bevel | notch | square | squircle | superellipse()`,
	"emphasis-style":      `none | [ [ filled | open ] || [ dot | circle | double-circle | triangle | sesame ] ] | <string>`,
	"dash":                `<length-percentage0> | <number0>`,
	"timeline-range-name": `cover | contain | entry | exit | entry-crossing | exit-crossing`,
	// one automatic repeat() at most, beside fixed sizes only (cssgridrepeat.go)
	"track-list": `none | subgrid <line-names>* | [ <line-names> | <track-size> | <track-repeat> ]+
		| [ <line-names> | <fixed-size> | <fixed-repeat> ]* <auto-repeat> [ <line-names> | <fixed-size> | <fixed-repeat> ]*`,
	// https://drafts.csswg.org/css-grid/#explicit-grid-shorthand (Chromium
	// takes no repeat() in the columns after the areas)
	"grid-template": `none | <track-list> / <track-list>
		| [ <line-names>? <string> <track-size>? <line-names>? ]+ [ / [ <line-names> | <track-size> ]+ ]?`,
	"offset-path": `none | <url> | [ ray() | <basic-shape> ] || <coord-box>`,
	// an offset's distance and rotation, after its path
	"offset-along": `<length-percentage> || [ [ auto | reverse ] || <angle> ]`,
	// https://drafts.csswg.org/css-anchor-position/#position-area
	"position-area": `[ left | center | right | span-left | span-right | x-start | x-end | span-x-start | span-x-end
		| self-x-start | self-x-end | span-self-x-start | span-self-x-end | span-all ]
		|| [ top | center | bottom | span-top | span-bottom | y-start | y-end | span-y-start | span-y-end
		| self-y-start | self-y-end | span-self-y-start | span-self-y-end | span-all ]
		| [ block-start | center | block-end | span-block-start | span-block-end | span-all ]
		|| [ inline-start | center | inline-end | span-inline-start | span-inline-end | span-all ]
		| [ self-block-start | center | self-block-end | span-self-block-start | span-self-block-end | span-all ]
		|| [ self-inline-start | center | self-inline-end | span-self-inline-start | span-self-inline-end | span-all ]
		| [ start | center | end | span-start | span-end | span-all ]{1,2}
		| [ self-start | center | self-end | span-self-start | span-self-end | span-all ]{1,2}`,
	"position-try-fallbacks": `none | [ [ <dashed-ident> || [ flip-block || flip-inline || flip-start || flip-x || flip-y ] ]
		| <position-area> ]#`,
}

// moreGrammars are further property grammars, merged into
// propertyGrammars when they are first parsed: fonts, boxes, newer and
// -webkit- properties.
var moreGrammars = map[string]string{
	`font`: `[ normal | italic | oblique <angle>? | small-caps | bold | bolder | lighter | <number-1000>
		| ultra-condensed | extra-condensed | condensed | semi-condensed | semi-expanded | expanded
		| extra-expanded | ultra-expanded ]{0,4} [ <absolute-size> | smaller | larger | <length-percentage0> | math ]
		[ / [ normal | <number0> | <length-percentage0> ] ]? <family>#
		| caption | icon | menu | message-box | small-caption | status-bar | -webkit-small-control
		| -webkit-mini-control | -webkit-control`,
	`font-family`: `<family>#`,
	`font-feature-settings -webkit-font-feature-settings`: `normal | [ <feature-tag> [ <integer0> | on | off ]? ]#`,
	`font-variation-settings`:                             `normal | [ <feature-tag> <number> ]#`,
	`font-language-override`:                              `normal | <string>`,
	`font-palette`:                                        `normal | light | dark | <dashed-ident> | palette-mix()`,
	`font-synthesis`:                                      `none | [ weight || style || small-caps ]`,
	`font-variant-alternates`: `normal | [ stylistic() || historical-forms || styleset() || character-variant()
		|| swash() || ornaments() || annotation() ]`,
	`font-variant-east-asian`: `normal | [ jis78 | jis83 | jis90 | jis04 | simplified | traditional ]
		|| [ full-width | proportional-width ] || ruby`,
	`font-variant-ligatures`: `normal | none | [ [ common-ligatures | no-common-ligatures ]
		|| [ discretionary-ligatures | no-discretionary-ligatures ] || [ historical-ligatures | no-historical-ligatures ]
		|| [ contextual | no-contextual ] ]`,
	`font-variant-numeric`: `normal | [ [ lining-nums | oldstyle-nums ] || [ proportional-nums | tabular-nums ]
		|| [ diagonal-fractions | stacked-fractions ] || ordinal || slashed-zero ]`,

	`contain-intrinsic-width contain-intrinsic-height contain-intrinsic-block-size contain-intrinsic-inline-size`: `auto? [ none | <length0> ]`,
	`contain-intrinsic-size`: `[ auto? [ none | <length0> ] ]{1,2}`,
	`corner-top-left-shape corner-top-right-shape corner-bottom-left-shape corner-bottom-right-shape
	corner-start-start-shape corner-start-end-shape corner-end-start-shape corner-end-end-shape`: `<corner-shape>`,
	`corner-top-shape corner-right-shape corner-bottom-shape corner-left-shape corner-block-start-shape
	corner-block-end-shape corner-inline-start-shape corner-inline-end-shape`: `<corner-shape>{1,2}`,
	`corner-shape`:  `<corner-shape>{1,4}`,
	`d`:             `none | path()`,
	`field-sizing`:  `fixed | content`,
	`interactivity`: `auto | inert`,
	`interest-delay-start interest-delay-end`: `normal | <time>`,
	`interest-delay`:        `[ normal | <time> ]{1,2}`,
	`interpolate-size`:      `numeric-only | allow-keywords`,
	`line-break`:            `auto | loose | normal | strict | anywhere`,
	`-webkit-line-break`:    `auto | loose | normal | strict | anywhere | after-white-space`,
	`margin-trim`:           `none | [ block || inline ] | [ block-start || inline-start || block-end || inline-end ]`,
	`math-depth`:            `auto-add | add() | <integer>`,
	`math-shift math-style`: `normal | compact`,
	`object-view-box`:       `none | inset() | rect() | xywh()`,
	`offset-path`:           `<offset-path>`,
	`offset-anchor`:         `auto | <position>`,
	`offset-position`:       `normal | auto | <position>`,
	`overlay`:               `none | auto`,
	`page`:                  `auto | <custom-ident>`,
	`page-orientation`:      `upright | rotate-left | rotate-right`,
	`place-content`: `[ normal | <baseline-position> | <content-distribution> | <overflow-position>? <content-position> ]
		[ normal | <content-distribution> | <overflow-position>? [ <content-position> | left | right ] ]?`,
	`place-items`: `[ normal | stretch | anchor-center | <baseline-position> | <overflow-position>? <self-position> ]
		[ normal | stretch | anchor-center | <baseline-position> | legacy | <overflow-position>? [ <self-position> | left | right ]
		| legacy && [ left | right | center ] ]?`,
	`place-self`: `[ auto | normal | stretch | anchor-center | <baseline-position> | <overflow-position>? <self-position> ]
		[ auto | normal | stretch | anchor-center | <baseline-position> | <overflow-position>? [ <self-position> | left | right ] ]?`,
	`position-anchor`:                           `auto | none | normal | <dashed-ident>`,
	`animation-timeline`:                        `[ auto | none | <dashed-ident> | scroll() | view() ]#`,
	`animation-range-start animation-range-end`: `[ normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]#`,
	`animation-range`: `[ [ normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]
		[ normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]? ]#`,
	`view-timeline-inset`:   `[ [ auto | <length-percentage> ]{1,2} ]#`,
	`view-timeline`:         `[ [ none | <dashed-ident> ] [ [ block | inline | x | y ] || [ auto | <length-percentage> ]{1,2} ]? ]#`,
	`anchor-name`:           `none | <dashed-ident>#`,
	`anchor-scope`:          `none | all | <dashed-ident>#`,
	`position-try-order`:    `normal | most-width | most-height | most-block-size | most-inline-size`,
	`position-visibility`:   `always | [ anchors-valid || anchors-visible || no-overflow ]`,
	`reading-flow`:          `normal | flex-visual | flex-flow | grid-rows | grid-columns | grid-order | source-order`,
	`ruby-align`:            `start | center | space-between | space-around`,
	`ruby-position`:         `[ alternate || [ over | under ] ] | inter-character`,
	`-webkit-ruby-position`: `before | after`,
	`ruby-overhang`:         `auto | none`,
	`scroll-timeline-axis view-timeline-axis`: `[ block | inline | x | y ]#`,
	`scroll-timeline-name view-timeline-name`: `[ none | <dashed-ident> ]#`,
	`timeline-scope`:        `none | all | <dashed-ident>#`,
	`scroll-timeline`:       `[ [ none | <dashed-ident> ] [ block | inline | x | y ]? ]#`,
	`scroll-initial-target`: `none | nearest`,
	`scroll-marker-group`:   `none | before | after`,
	`scroll-target-group`:   `none | auto`,
	`text-autospace`:        `normal | no-autospace | [ ideograph-alpha || ideograph-numeric ]`,
	`text-box-edge`:         `auto | [ text | cap | ex | ideographic | ideographic-ink ] [ text | alphabetic | ideographic | ideographic-ink ]?`,
	`text-box-trim`:         `none | trim-start | trim-end | trim-both`,
	`text-box`: `normal | [ none | trim-start | trim-end | trim-both ] || [ auto | [ text | cap | ex | ideographic
		| ideographic-ink ] [ text | alphabetic | ideographic | ideographic-ink ]? ]`,
	`text-combine-upright`:                                  `none | all | digits <integer>?`,
	`-webkit-text-combine`:                                  `none | horizontal`,
	`text-decoration-skip-ink`:                              `auto | none | all`,
	`text-emphasis-style -webkit-text-emphasis-style`:       `<emphasis-style>`,
	`text-emphasis -webkit-text-emphasis`:                   `<emphasis-style> || <color>`,
	`text-emphasis-position -webkit-text-emphasis-position`: `[ over | under ] && [ right | left ]?`,
	`text-justify`:                                          `auto | none | inter-word | inter-character | distribute`,
	`text-size-adjust -webkit-text-size-adjust`:             `auto | none | <percentage0>`,
	`text-spacing-trim`:                                     `normal | space-all | space-first | trim-start | trim-both | trim-all`,
	`text-underline-position`:                               `auto | [ [ under | from-font ] || [ left | right ] ]`,
	`view-transition-class`:                                 `none | <custom-ident-nonone>+`,
	`view-transition-group`:                                 `normal | contain | nearest | <custom-ident>`,
	`speak`:                                                 `none | normal | spell-out | digits | literal-punctuation | no-punctuation`,
	`size`: `auto | <length0>{1,2} | [ a5 | a4 | a3 | b5 | b4 | jis-b5 | jis-b4 | letter | legal | ledger ]
		|| [ portrait | landscape ]`,
	`stroke-dasharray`:                         `none | <dash> [ ,? <dash> ]*`,
	`grid-template-areas`:                      `none | <string>+`,
	`grid-template-columns grid-template-rows`: `<track-list>`,
	`grid-template`:                            `<grid-template>`,
	`grid`: `<grid-template> | <track-list> / [ auto-flow && dense? ] <track-size>*
		| [ auto-flow && dense? ] <track-size>* / <track-list>`,
	`offset`: `[ [ normal | auto | <position> ] [ <offset-path> <offset-along>? ]? | <offset-path> <offset-along>? ]
		[ / [ auto | <position> ] ]?`,
	`position-area`:          `none | <position-area>`,
	`position-try-fallbacks`: `<position-try-fallbacks>`,
	`position-try`:           `[ normal | most-width | most-height | most-block-size | most-inline-size ]? <position-try-fallbacks>`,
	`-webkit-border-image -webkit-mask-box-image`: `[ none | <image> ] || [ <number-percentage0>{1,4} && fill? ]
		[ / [ <length-percentage0> | <number0> | auto ]{1,4} | / [ <length-percentage0> | <number0> | auto ]{0,4}
		/ [ <length0> | <number0> ]{1,4} ]? || [ stretch | repeat | round | space ]{1,2}`,
	`baseline-source`:     `auto | first | last`,
	`buffered-rendering`:  `auto | dynamic | static`,
	`caret-animation`:     `auto | manual`,
	`caret-shape`:         `auto | bar | block | underscore`,
	`color-rendering`:     `auto | optimizespeed | optimizequality`,
	`dynamic-range-limit`: `standard | high | constrained | no-limit | constrained-high | dynamic-range-limit-mix()`,
	`hyphenate-character -webkit-hyphenate-character -webkit-locale`: `auto | <string>`,
	`hyphenate-limit-chars`:         `[ auto | <integer1> ]{1,3}`,
	`all`:                           `<never>`,
	`app-region -webkit-app-region`: `none | drag | no-drag`,
	`-webkit-box-align`:             `stretch | start | end | center | baseline`,
	`-webkit-box-pack`:              `start | end | center | justify`,
	`-webkit-box-orient`:            `horizontal | vertical | inline-axis | block-axis`,
	`-webkit-box-direction`:         `normal | reverse`,
	`-webkit-box-flex`:              `<number>`,
	`-webkit-box-ordinal-group`:     `<integer1>`,
	`box-decoration-break -webkit-box-decoration-break`:       `slice | clone`,
	`-webkit-box-reflect`:                                     `[ above | below | left | right ] <length-percentage>? <image>?`,
	`-webkit-line-clamp`:                                      `none | <integer1>`,
	`-webkit-rtl-ordering`:                                    `logical | visual`,
	`-webkit-text-security`:                                   `none | disc | circle | square`,
	`-webkit-user-drag`:                                       `auto | none | element`,
	`-webkit-user-modify`:                                     `read-only | read-write | read-write-plaintext-only`,
	`-webkit-text-decorations-in-effect`:                      `none | [ underline || overline || line-through || blink ]`,
	`-webkit-text-stroke`:                                     `<line-width> || <color>`,
	`-webkit-transform-origin-x -webkit-perspective-origin-x`: `<length-percentage> | left | center | right`,
	`-webkit-transform-origin-y -webkit-perspective-origin-y`: `<length-percentage> | top | center | bottom`,
	`-webkit-transform-origin-z`:                              `<length>`,

	// Chromium 156's newest properties (css_properties.json5 behind its
	// runtime flags), each recorded there with a probe set of its own:
	// https://drafts.csswg.org/css-animations-2/#animation-trigger and the
	// timeline-trigger family, css-borders-4 border-shape, css-inline-3
	// initial-letter and text-fit, css-gaps rule-overlap
	`animation-trigger`: `[ none | <dashed-ident> [ none | play | play-once | play-forwards | play-backwards | pause
		| reset | replay ]{1,2} ]#`,
	`timeline-trigger-name`:   `[ none | <dashed-ident> ]#`,
	`timeline-trigger-source`: `[ auto | none | <dashed-ident> | scroll() | view() ]#`,
	`timeline-trigger-activation-range-start timeline-trigger-activation-range-end`: `[ normal | <length-percentage>
		| <timeline-range-name> <length-percentage>? ]#`,
	`timeline-trigger-activation-range`: `[ [ normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]
		[ normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]? ]#`,
	`timeline-trigger-active-range-start timeline-trigger-active-range-end`: `[ auto | normal | <length-percentage>
		| <timeline-range-name> <length-percentage>? ]#`,
	`timeline-trigger-active-range`: `[ [ auto | normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]
		[ auto | normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]? ]#`,
	// every part optional ("/ 10%" is taken), none of them twice
	`timeline-trigger`: `[ [ none | <dashed-ident> ]? [ auto | none | <dashed-ident> | scroll() | view() ]?
		[ [ normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]
		[ normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]? ]?
		[ / [ auto | normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]
		[ auto | normal | <length-percentage> | <timeline-range-name> <length-percentage>? ]? ]? ]#`,
	`trigger-scope`:         `none | all | <dashed-ident>#`,
	`view-transition-scope`: `none | all`,
	`border-shape`:          `none | [ <basic-shape> [ <geometry-box> | half-border-box ]? ]{1,2}`,
	`flex-line-count`:       `<integer1>`,
	`frame-sizing`:          `auto | content-width | content-height | content-block-size | content-inline-size`,
	`initial-letter`:        `normal | <number1> <integer1>? | <number1> && [ drop | raise ]`,
	`text-fit`:              `[ none | [ grow | shrink ] [ consistent | per-line | per-line-all ]? ] <percentage0>?`,
	`page-margin-safety`:    `none | clamp`,
	`rule-overlap`:          `row-over-column | column-over-row`,
	`scroll-axis-lock`:      `auto | none`,
	`window-drag`:           `none | move`,
}
