<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="xslt-base.xsl"/>
  <xsl:include href="xslt-inc.xsl"/>
  <xsl:output method="html" encoding="UTF-8"/>
  <xsl:template match="/">
    <html lang="en">
      <head><title><xsl:value-of select="rss/channel/title"/></title></head>
      <body>
        <h1><xsl:value-of select="rss/channel/title"/></h1>
        <p class="about"><xsl:value-of select="document('xslt-about.xsl')/about/text"/></p>
        <p class="self"><xsl:value-of select="count(document('')/*/xsl:template)"/></p>
        <ul><xsl:apply-templates select="rss/channel/item"/></ul>
        <script>document.body.setAttribute('data-ran', [document.contentType, document.compatMode, document instanceof XMLDocument, document.documentElement.namespaceURI, document.characterSet, document.readyState, document.querySelectorAll('xslt-warning-banner').length].join(' '))</script>
      </body>
    </html>
  </xsl:template>
  <xsl:template match="item[1]">
    <li class="first"><xsl:apply-imports/></li>
  </xsl:template>
</xsl:stylesheet>
