<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:include href="xsltpi44-inc.xsl"/>
  <xsl:output method="html"/>
  <xsl:template match="/">
    <html><head><title><xsl:value-of select="rss/channel/title"/></title></head>
      <body><h1><xsl:value-of select="rss/channel/title"/></h1>
        <ul><xsl:for-each select="rss/channel/item"><li><a href="{link}"><xsl:value-of select="title"/></a></li></xsl:for-each></ul>
        <p id="doc"><xsl:value-of select="document('xsltpi44-doc.xml')/doc/v"/></p>
        <xsl:call-template name="named"/>
        <script>document.body.dataset.ran = document.contentType;</script>
      </body></html>
  </xsl:template>
</xsl:stylesheet>
